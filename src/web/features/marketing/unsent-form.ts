/**
 * A public form posted without JavaScript (issue 8 §2): the browser sends it to the page itself, whose React Router
 * action answers with this. The spam check (ALTCHA) is a proof-of-work solved by script, so a script-free post is
 * never stored — it would be the way around the check for bots. The page renders again (200, with its nav and
 * footer), the form holds what was typed, and a notice says why nothing was sent and offers the support address.
 *
 * Pure, and used only by route actions: it never reaches the browser's JavaScript.
 */
import { data, type RouterContextProvider } from 'react-router';
import type { JotItLoadContext } from '../../../shared/load-context';
import { serverContextOf } from '~/lib/server-context';

/** What a form posted without JavaScript is answered with: its values, and the address to write to instead. */
export interface UnsentForm<Field extends string = string> {
  values: Record<Field, string>;
  supportEmail: string;
}

/** Enough for any field of the public forms (the longest, a message, allows 5000), so a bot's megabyte is not echoed. */
const MAX_ECHOED_LENGTH = 5000;

export async function readUnsentForm<Field extends string>(
  request: Request,
  fields: readonly Field[],
  context: Pick<JotItLoadContext, 'bodyTooLarge' | 'services'>,
): Promise<UnsentForm<Field>> {
  // Over the pages' body limit (server/plugins/ssr.ts): the route's error state, with 413; nothing was read.
  if (context.bodyTooLarge) throw data('Payload too large', { status: 413 });
  // A body that is not a form (or is cut off) is answered like an empty form: the page, never an error.
  const formData = await request.formData().catch(() => new FormData());
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = formData.get(field);
    values[field] = typeof value === 'string' ? value.slice(0, MAX_ECHOED_LENGTH) : '';
  }
  return { values, supportEmail: context.services.supportEmail };
}

/**
 * The action of a page with a public form: the form posted without JavaScript (or before it loaded) lands here;
 * nothing is sent — the spam check needs JavaScript — and the page answers with the form as it was typed and a
 * notice (issue 8 §2). `export const action = unsentFormAction(CONTACT_FORM_FIELDS);`
 */
export function unsentFormAction<Field extends string>(fields: readonly Field[]) {
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) =>
    readUnsentForm(request, fields, serverContextOf(context));
}

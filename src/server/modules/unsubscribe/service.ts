/**
 * The suppression list (issue 24): one row per address and scope. The mail queue asks `isSuppressed` before
 * every send of a suppressible message (jobs/mail.ts); account mail is never suppressible. Leaving 'marketing'
 * (or 'all') also marks the lead (`unsubscribedAt`) and queues its unsubscribe in Kit; coming back clears both
 * and queues the Kit sync again.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SCOPE_LABELS, type SuppressionMethod, type SuppressionScope, type UnsubscribeStatus } from '../../../shared/schemas/unsubscribe.ts';
import type { Database } from '../../db/client.ts';
import { emailSuppressions, leads } from '../../db/schema.ts';
import { enqueueKitSync, enqueueKitUnsubscribe, type KitConfig } from '../../jobs/kit.ts';
import { isSuppressed as isSuppressedQuery, stoppingScopes } from '../../jobs/suppression.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';

export interface SuppressionDependencies {
  db: Database;
  queue: JobQueue;
  kit: KitConfig;
}

export { isSuppressed } from '../../jobs/suppression.ts';

const touchesMarketing = (scope: SuppressionScope) => scope === 'marketing' || scope === 'all';

/** Adds the address to the list (idempotent); returns the lead it marked, if any. */
export async function suppress(
  deps: SuppressionDependencies,
  email: string,
  scope: SuppressionScope,
  method: SuppressionMethod,
): Promise<{ leadId: number | null }> {
  const address = email.trim().toLowerCase();
  const leadId = await deps.db.transaction(async (tx) => {
    await tx.insert(emailSuppressions).values({ email: address, scope, method }).onConflictDoNothing();
    if (!touchesMarketing(scope)) return null;
    const [lead] = await tx
      .update(leads)
      .set({ unsubscribedAt: sql`coalesce(${leads.unsubscribedAt}, now())`, updatedAt: new Date() })
      .where(sql`lower(${leads.email}) = ${address}`)
      // now() is the transaction's start: equal only when this statement set it (the lead was subscribed).
      .returning({ id: leads.id, email: leads.email, unsubscribedAt: leads.unsubscribedAt, isNew: sql<boolean>`${leads.unsubscribedAt} = now()` });
    if (lead?.isNew) {
      await recordWebhookEvent(tx, WEBHOOK_EVENT.leadUnsubscribed, { id: lead.id, email: lead.email, scope, unsubscribedAt: lead.unsubscribedAt!.toISOString() });
    }
    return lead?.id ?? null;
  });
  if (touchesMarketing(scope)) await enqueueKitUnsubscribe(deps.queue, deps.kit, address);
  return { leadId };
}

/** Takes the address off the list for `scope` (and off 'all', which would still stop it). */
export async function resubscribe(deps: SuppressionDependencies, email: string, scope: SuppressionScope): Promise<{ leadId: number | null }> {
  const address = email.trim().toLowerCase();
  const lead = await deps.db.transaction(async (tx) => {
    await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.email, address), inArray(emailSuppressions.scope, stoppingScopes(scope))));
    if (!touchesMarketing(scope)) return null;
    const [row] = await tx
      .update(leads)
      .set({ unsubscribedAt: null, updatedAt: new Date() })
      .where(sql`lower(${leads.email}) = ${address}`)
      .returning({ id: leads.id, confirmedAt: leads.confirmedAt, convertkitSubscriberId: leads.convertkitSubscriberId });
    return row ?? null;
  });
  // Back in Kit only if it was there (synced) or confirmed: resubscribing never skips the double opt-in.
  if (lead && (lead.confirmedAt || lead.convertkitSubscriberId)) await enqueueKitSync(deps.queue, deps.kit, lead.id);
  return { leadId: lead?.id ?? null };
}

/**
 * Double opt-in (issue 24): the address opened its confirmation link and pressed the button. The first
 * confirmation marks the lead and queues its Kit sync — exactly one, however often the button is pressed. A lead
 * that had unsubscribed is not put back by an old confirmation link.
 */
export async function confirmSubscription(deps: SuppressionDependencies, email: string): Promise<{ confirmed: boolean }> {
  const address = email.trim().toLowerCase();
  const [lead] = await deps.db
    .update(leads)
    .set({ confirmedAt: new Date(), updatedAt: new Date() })
    .where(and(sql`lower(${leads.email}) = ${address}`, isNull(leads.confirmedAt), isNull(leads.unsubscribedAt)))
    .returning({ id: leads.id, email: leads.email, confirmedAt: leads.confirmedAt });
  if (lead) {
    // Issue 41: right after the confirmation, before the Kit sync is queued (decision 0063).
    await recordWebhookEvent(deps.db, WEBHOOK_EVENT.leadConfirmed, { id: lead.id, email: lead.email, confirmedAt: lead.confirmedAt!.toISOString() });
    await enqueueKitSync(deps.queue, deps.kit, lead.id);
    return { confirmed: true };
  }
  // Already confirmed (a second press) is still a success; unknown or unsubscribed is not.
  const [existing] = await deps.db
    .select({ confirmedAt: leads.confirmedAt, unsubscribedAt: leads.unsubscribedAt })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${address}`);
  return { confirmed: Boolean(existing?.confirmedAt && !existing.unsubscribedAt) };
}

/** What the unsubscribe page shows for a genuine token. */
export async function suppressionStatus(db: Database, email: string, scope: SuppressionScope): Promise<UnsubscribeStatus> {
  return { email, scope, scopeLabel: SCOPE_LABELS[scope], isSuppressed: await isSuppressedQuery(db, email, scope) };
}

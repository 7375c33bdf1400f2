import type { Faq, PublicFaq } from '../../../../shared/schemas/faqs';
import type { HelpConfig } from '../../../../shared/schemas/help-config';
import { apiRequest } from '~/lib/api-client';

export interface HelpContent {
  faqs: PublicFaq[];
  video: HelpConfig | null;
}

/** `GET /api/faqs?published=true` (spec §7). */
export async function getPublishedFaqs(): Promise<PublicFaq[]> {
  const faqs = await apiRequest<Faq[]>('/api/faqs?published=true');
  return faqs.map(({ id, question, answer, answerHtml }) => ({ id, question, answer, answerHtml: answerHtml ?? '' }));
}

/** `GET /api/help-config`: the tutorial video, or null. */
export async function getHelpVideo(): Promise<HelpConfig | null> {
  return (await apiRequest<{ config: HelpConfig | null }>('/api/help-config')).config;
}

/** Everything the help page shows, for a visit from another page. Spec §8: a failure is only logged. */
export async function getHelpContent(): Promise<HelpContent> {
  const [faqs, video] = await Promise.all([
    getPublishedFaqs().catch((error: unknown) => {
      console.warn('Could not load the FAQs', error);
      return [];
    }),
    getHelpVideo().catch(() => null),
  ]);
  return { faqs, video };
}

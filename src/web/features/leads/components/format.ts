import type { Lead } from '../../../../shared/schemas/leads';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Dates in UTC, like the date filter and the CSV, so a lead is on the same day everywhere. */
export const formatLeadDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatLeadDateTime = (iso: string) => `${dateTimeFormat.format(new Date(iso))} UTC`;

/** First and last name, or a dash. */
export const leadName = (lead: Pick<Lead, 'firstName' | 'lastName'>) => [lead.firstName, lead.lastName].filter(Boolean).join(' ') || '—';

/** Spec §3: 'unknown' when the lead has no source. */
export const leadSource = (lead: Pick<Lead, 'source'>) => lead.source ?? 'unknown';

export const isSynced = (lead: Pick<Lead, 'convertkitSubscriberId'>) => lead.convertkitSubscriberId !== null;

import type { Lead } from '../../../../shared/schemas/leads';
import { isSynced } from './format';
import { Badge } from '~/components/ui/badge';

/** Issue 24: whether the address still gets marketing mail. */
export function SubscriptionBadge({ lead }: { lead: Pick<Lead, 'unsubscribedAt'> }) {
  return lead.unsubscribedAt ? <Badge variant="outline">Unsubscribed</Badge> : <Badge variant="secondary">Subscribed</Badge>;
}

/** Spec §2: the ConvertKit column says Synced or Not synced. */
export function SyncBadge({ lead }: { lead: Pick<Lead, 'convertkitSubscriberId'> }) {
  return isSynced(lead) ? <Badge variant="success">Synced</Badge> : <Badge variant="outline">Not synced</Badge>;
}

import type { BlogPostStatus } from '../../../../shared/schemas/blog';
import { Badge } from '~/components/ui/badge';

const LABELS: Record<BlogPostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
const VARIANTS = { draft: 'secondary', scheduled: 'warning', published: 'success' } as const;

/** Draft, Scheduled (published with a future date, issue 11) or Published. */
export function StatusBadge({ status }: { status: BlogPostStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}

/**
 * A draft waiting for an editor (decision 0058): "Submitted" to its author, "Submitted for review" to whoever
 * reviews it.
 */
export function ReviewBadge({ isReviewer }: { isReviewer: boolean }) {
  return <Badge variant="default">{isReviewer ? 'Submitted for review' : 'Submitted'}</Badge>;
}

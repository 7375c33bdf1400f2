import type { BlogPostStatus } from '../../../../shared/schemas/blog';
import { Badge } from '~/components/ui/badge';

const LABELS: Record<BlogPostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
const VARIANTS = { draft: 'secondary', scheduled: 'warning', published: 'success' } as const;

/** Draft, Scheduled (published with a future date, issue 11) or Published. */
export function StatusBadge({ status }: { status: BlogPostStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}

import { CalendarIcon, ClockIcon, UserIcon } from 'lucide-react';
import { formatBlogDate } from '../format-date';

export function PostMeta({ authorName, publishedAt, readTimeMinutes }: { authorName: string; publishedAt: string; readTimeMinutes: number }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <UserIcon aria-hidden="true" className="size-4" />
        {authorName}
      </li>
      <li className="flex items-center gap-1.5">
        <CalendarIcon aria-hidden="true" className="size-4" />
        <time dateTime={publishedAt}>{formatBlogDate(publishedAt)}</time>
      </li>
      <li className="flex items-center gap-1.5">
        <ClockIcon aria-hidden="true" className="size-4" />
        {readTimeMinutes} min read
      </li>
    </ul>
  );
}

export function CategoryBadge({ name, color }: { name: string; color?: string | null }) {
  return (
    <span
      className="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-white"
      style={{ backgroundColor: color ?? '#475569' }}
    >
      {name}
    </span>
  );
}

import { LightbulbIcon, MapPinIcon } from 'lucide-react';
import { RECENT_JOTS_LIMIT } from '../../../../shared/constants';
import { formatLocation, formatRelativeTime } from '../../../../shared/format';
import { Skeleton } from '~/components/ui/skeleton';
import { useRecentJots } from '../api/get-recent-jots';

/**
 * The newest ideas by location (spec §2): when and roughly where, never what. Loaded in the browser only
 * (live data, no SEO value), with placeholder rows of the same height so nothing jumps.
 */
export function LatestIdeas() {
  const { data: jots, isPending, dataUpdatedAt } = useRecentJots();
  if (isPending) {
    return (
      <ul aria-label="Latest ideas, loading" className="divide-y">
        {Array.from({ length: RECENT_JOTS_LIMIT }, (_, index) => (
          <li key={index} className="flex h-14 items-center gap-3 px-4">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="ml-auto h-3 w-20" />
          </li>
        ))}
      </ul>
    );
  }
  // Spec §8: a failed poll is only logged; the list stays empty.
  if (!jots || jots.length === 0) {
    return (
      <p className="flex min-h-40 items-center justify-center px-6 py-10 text-center text-muted-foreground">
        No ideas captured yet. Yours could be the first!
      </p>
    );
  }
  // Times are relative to the moment of the last poll, so they stay current without a timer of their own.
  const now = new Date(dataUpdatedAt);
  return (
    <ul aria-label="Latest ideas" className="divide-y" data-testid="latest-ideas">
      {jots.map((jot) => (
        <li key={jot.id} className="flex h-14 items-center gap-3 px-4 motion-safe:animate-fade-in">
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <LightbulbIcon className="size-4" />
          </span>
          <span className="flex min-w-0 items-center gap-1.5 font-medium">
            <MapPinIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <span className="truncate">
              <span className="sr-only">New idea from </span>
              {formatLocation({ city: jot.sender_city, state: jot.sender_state, country: jot.sender_country })}
            </span>
          </span>
          <time dateTime={jot.created_at} className="ml-auto shrink-0 text-sm text-muted-foreground">
            {formatRelativeTime(jot.created_at, now)}
          </time>
        </li>
      ))}
    </ul>
  );
}

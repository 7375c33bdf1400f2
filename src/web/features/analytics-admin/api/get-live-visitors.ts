import { useEventStream } from '~/lib/event-stream';

export interface LiveVisitors {
  visitors: number;
  minutes: number;
}

/** "Visitors now", live: the `live` events of `GET /api/admin/analytics/live/stream` (owner/admin). */
export function useLiveVisitors(): { data: LiveVisitors | undefined } {
  return { data: useEventStream<LiveVisitors>('/api/admin/analytics/live/stream', 'live') };
}

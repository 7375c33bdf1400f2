import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from '../api/send-page-view';

/**
 * Counts the client navigations after hydration (issue 40 §1): one beacon per new path, never for the first page —
 * the server counted that one when it answered it (decision 0066). Back-office paths are not counted.
 */
export function PageViewBeacon({ isCounted, firstPathname }: { isCounted: (pathname: string) => boolean; firstPathname: string }) {
  const { pathname, search } = useLocation();
  // The beacon's code arrives after the first page: a navigation made before it came is counted when it does.
  const previous = useRef<string>(firstPathname);
  useEffect(() => {
    // Only a new path is a new page view: a changed query on the same page (a filter) is not.
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (isCounted(pathname)) sendPageView(`${pathname}${search}`);
  }, [pathname, search, isCounted]);
  return null;
}

import { ANALYTICS_OPT_OUT_KEY } from '../../../../shared/constants';
import type { AnalyticsBeacon } from '../../../../shared/schemas/analytics';

/** True when this browser asked not to be counted (the privacy page's switch; docs/analytics.md). */
export function isAnalyticsOptedOut(): boolean {
  try {
    return window.localStorage.getItem(ANALYTICS_OPT_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setAnalyticsOptOut(optedOut: boolean): void {
  try {
    if (optedOut) window.localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
    else window.localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
  } catch {
    // No storage (private mode): nothing is remembered, and the server still honours Sec-GPC.
  }
}

/**
 * `POST /api/analytics/event` by `navigator.sendBeacon`: a page reached by a client navigation (the first page was
 * counted by the server). Fire and forget; nothing when opted out or without sendBeacon.
 */
export function sendPageView(path: string): void {
  if (isAnalyticsOptedOut() || typeof navigator.sendBeacon !== 'function') return;
  const body: AnalyticsBeacon = { path: path.slice(0, 300) };
  navigator.sendBeacon('/api/analytics/event', new Blob([JSON.stringify(body)], { type: 'application/json' }));
}

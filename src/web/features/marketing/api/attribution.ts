import type { LeadAttribution } from '../../../../shared/schemas/leads';

const STORAGE_KEY = 'jotit_attribution';
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/**
 * Where the visitor came from: the landing page's UTM parameters and the external referrer. Kept for the tab's
 * session (first touch), because moving around the site changes `location.search` but not where they came from.
 */
export function rememberAttribution(): void {
  try {
    if (window.sessionStorage.getItem(STORAGE_KEY)) return;
    const params = new URLSearchParams(window.location.search);
    const attribution: LeadAttribution = {};
    for (const key of UTM_KEYS) {
      const value = params.get(key)?.slice(0, 200);
      if (value) attribution[key] = value;
    }
    const referrer = document.referrer;
    if (referrer && !referrer.startsWith(window.location.origin)) attribution.referrer = referrer.slice(0, 2000);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // No storage (private mode): attribution is read again at submit time.
  }
}

export function readAttribution(): LeadAttribution {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as LeadAttribution;
  } catch {
    // fall through
  }
  const params = new URLSearchParams(window.location.search);
  const attribution: LeadAttribution = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.slice(0, 200);
    if (value) attribution[key] = value;
  }
  return attribution;
}

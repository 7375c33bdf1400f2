/**
 * Display rules of spec §9 shared by the server (e-mails, SEO text) and the web (counter, latest ideas, banners).
 * Pure functions with an injectable clock, so the edge cases are unit-tested (format.test.ts). No zod here: the
 * home page and the banner strip import this, and must not pull a schema library into the first JavaScript.
 */
import { BANNER_TYPES } from './constants.ts';

/**
 * Spec §9: counts abbreviated, K from 1,000 and M from 1,000,000, one decimal.
 * Decided: the decimal is truncated, never rounded up, so a public count is never overstated
 * (1,999 → "1.9K", 999,999 → "999.9K", never "1000.0K") and the unit switches exactly at 1,000 and 1,000,000.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '0';
  const whole = Math.floor(value);
  if (whole >= 1_000_000) return `${(Math.floor(whole / 100_000) / 10).toFixed(1)}M`;
  if (whole >= 1_000) return `${(Math.floor(whole / 100) / 10).toFixed(1)}K`;
  return String(whole);
}

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Spec §9: 'just now', minutes under 60, hours under 1440 minutes, else days.
 * Decided: whole units rounded down ("1 minute ago", "59 minutes ago", "1 hour ago", "23 hours ago",
 * "1 day ago"); anything under a minute, in the future (clock skew) or unparseable is 'just now'.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const time = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(time)) return 'just now';
  const minutes = Math.floor((now.getTime() - time) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < MINUTES_PER_HOUR) return plural(minutes, 'minute');
  if (minutes < MINUTES_PER_DAY) return plural(Math.floor(minutes / MINUTES_PER_HOUR), 'hour');
  return plural(Math.floor(minutes / MINUTES_PER_DAY), 'day');
}

export const UNKNOWN_LOCATION = 'Unknown Location';

export interface SenderLocation {
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** 'FR' → 'France'; anything that is not an ISO 3166-1 alpha-2 code is shown as stored. */
function countryName(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    regionNames = null;
    return country;
  }
}

/**
 * Spec §9: "city, state"; else the country only when there is neither city nor state; else 'Unknown Location'.
 * Decided: a city or a state alone is shown alone ("Austin", "Texas"), blank strings count as missing, and an
 * ISO country code is shown by its English name ("FR" → "France").
 */
export function formatLocation({ city, state, country }: SenderLocation): string {
  const parts = [city, state].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  if (parts.length > 0) return parts.join(', ');
  const trimmedCountry = country?.trim();
  if (trimmedCountry) return countryName(trimmedCountry);
  return UNKNOWN_LOCATION;
}

export type BannerType = (typeof BANNER_TYPES)[number];

/** Spec §3: a stored banner type outside the four is shown as info. */
export function bannerType(type: string): BannerType {
  return (BANNER_TYPES as readonly string[]).includes(type) ? (type as BannerType) : 'info';
}

/**
 * Text for places that carry text, not HTML (issue 27 §2: RSS, JSON-LD, meta tags): tags and comments stripped
 * (until none is left, so `<scr<script>ipt>` cannot reassemble one), a `<` that could still open a tag dropped,
 * whitespace collapsed. Entities are left as written: the output is escaped once by whatever writes it (the RSS
 * writer, React), so `&lt;script&gt;` stays text all the way to a feed reader.
 */
export function plainText(html: string): string {
  let text = html;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<\/?[a-z!?][^<>]*>/gi, '');
  }
  return text
    .replace(/<(?=[a-z!?/])/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

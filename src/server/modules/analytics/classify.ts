/**
 * What a counted request says about the visit (issue 40 §1), read at count time and reduced to coarse classes:
 * the User-Agent becomes a device class and a browser family, the Referer its domain (the site's own left out), the
 * query string its three UTM values. Nothing raw is kept (decision 0066).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

/** The longest path, UTM value or domain kept; longer values are cut (a path may be anything a client sends). */
export const ANALYTICS_TEXT_MAX = 300;

const cut = (value: string) => value.slice(0, ANALYTICS_TEXT_MAX);

export function deviceClassOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The browser family, the order mattering: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function browserFamilyOf(userAgent: string): string {
  for (const [pattern, family] of BROWSERS) if (pattern.test(userAgent)) return family;
  return 'Other';
}

/** The referring site's domain without `www.`; null when none, not a web URL, or the site itself (`ownHost`). */
export function referrerDomainOf(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const domain = host.replace(/^www\./, '');
  return domain && domain !== ownHost.replace(/^www\./, '') ? cut(domain) : null;
}

export interface Utm {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const NO_UTM: Utm = { utmSource: null, utmMedium: null, utmCampaign: null };

/** The UTM values of a query string (`a=1&utm_source=…`), lower-cased and cut; NO_UTM when it has none. */
export function utmOf(query: string): Utm {
  if (!query.includes('utm_')) return NO_UTM;
  const params = new URLSearchParams(query);
  const read = (name: string) => {
    const value = params.get(name)?.trim().toLowerCase();
    return value ? cut(value) : null;
  };
  return { utmSource: read('utm_source'), utmMedium: read('utm_medium'), utmCampaign: read('utm_campaign') };
}

export interface UserAgentClass {
  isBot: boolean;
  device: DeviceClass;
  browser: string;
}

/** Browsers send a handful of User-Agent strings; their classes are kept, the strings forgotten past this many. */
const USER_AGENT_MEMO_MAX = 2000;
const userAgentMemo = new Map<string, UserAgentClass>();

/**
 * The User-Agent's class, remembered per string (in memory only, never stored): isbot's one large regular expression
 * and the two small parsers ran on every counted view, a third of counting's cost.
 */
export function userAgentClassOf(userAgent: string): UserAgentClass {
  let found = userAgentMemo.get(userAgent);
  if (!found) {
    if (userAgentMemo.size >= USER_AGENT_MEMO_MAX) userAgentMemo.clear();
    found = { isBot: isbot(userAgent), device: deviceClassOf(userAgent), browser: browserFamilyOf(userAgent) };
    userAgentMemo.set(userAgent, found);
  }
  return found;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Why a request is not counted, or null when it may be: no User-Agent or a bot, a prefetch (`Sec-Purpose` or
 * `Purpose: prefetch`, the page may never be seen), or the visitor's Global Privacy Control (`Sec-GPC: 1`).
 */
export function notCountedBecause(headers: IncomingHttpHeaders): 'bot' | 'prefetch' | 'gpc' | null {
  const userAgent = header(headers, 'user-agent');
  if (!userAgent || userAgentClassOf(userAgent).isBot) return 'bot';
  const purpose = header(headers, 'sec-purpose') ?? header(headers, 'purpose') ?? header(headers, 'x-purpose');
  if (purpose && /prefetch|preview/i.test(purpose)) return 'prefetch';
  if (header(headers, 'sec-gpc')?.trim() === '1') return 'gpc';
  return null;
}

export { header as headerOf, cut as cutAnalyticsText };

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { networkOf } from './lib/client-network.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url({ message: 'must be a URL' })
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    })
    .optional();

const SECONDS_PER_UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
/** `7d`, `12h`, `30m`, `45s` or a plain number of seconds. */
function durationSeconds(value: string): number {
  const unit = value.trim().slice(-1);
  return unit in SECONDS_PER_UNIT ? Number.parseInt(value, 10) * SECONDS_PER_UNIT[unit]! : Number.parseInt(value, 10);
}

const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

/** Every variable of docs/architecture.md §7; all optional, with embedded defaults. */
export const ConfigEnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  // The longest a session token is accepted after it was issued (its `iat`), whatever its `exp` says: seconds, or a
  // number with s, m, h or d (issue 23 §8). New tokens expire at this age.
  JWT_MAX_AGE: z
    .string()
    .regex(/^\d{1,9}\s*[smhd]?$/, { message: 'must be a duration such as 7d, 12h, 30m or 3600 (seconds)' })
    .transform(durationSeconds)
    .refine((seconds) => seconds >= 60 && seconds <= 366 * 86_400, { message: 'must be between 1 minute and 366 days' })
    .default(7 * 86_400),
  PUBLIC_URL: z.string().url({ message: 'must be a URL' }).optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('JotIt <no-reply@jotit.local>'),
  // The display name in From when MAIL_FROM is a bare address (issue 24).
  MAIL_FROM_NAME: z.string().min(1).max(64).regex(/^[^"<>\r\n]+$/, { message: 'must be a plain name' }).default('JotIt'),
  // The sender's postal address, shown in every e-mail's footer (bulk-sender rules, CAN-SPAM).
  MAIL_POSTAL_ADDRESS: z.string().min(1).max(200).regex(/^[^\r\n<>]+$/, { message: 'must be one line of text' }).optional(),
  // DKIM signing by nodemailer: all three or none (the key as PEM; \n escapes are accepted).
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  // Invitations the whole site sends in an hour (issue 24); the admin dashboard shows the last hour against it.
  INVITATION_HOURLY_CAP: z.coerce.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1).max(100_000).default(200),
  // Stay Updated and the lead forms subscribe an address to product updates (and Kit) only after it confirms.
  SUBSCRIBE_DOUBLE_OPT_IN: booleanFromEnv.default(true),
  SUPPORT_EMAIL: z.string().email({ message: 'must be an e-mail address' }).default('support@jotit.local'),
  // Per instance. 600/min clears a launch-day burst of 1,000 lead e-mails in under 2 minutes (issue 8 §8).
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(60_000, { message: 'must be at most 60000' })
    .default(600),
  MAIL_CONCURRENCY: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(50, { message: 'must be at most 50' })
    .default(4),
  // Test and operations knobs for the job queue (fault tests): the first retry delay of every job (mail 15 s and
  // Kit 30 s otherwise; doubled on each retry), and how long a job may stay in hand before it counts as lost (a
  // crashed process) and is handed out again (pg-boss's 15 minutes otherwise), and how often an idle worker looks
  // for work (2 s; a worker with work in hand fetches the next job at once).
  JOB_RETRY_DELAY_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3600).optional(),
  JOB_POLLING_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0.5).max(60).optional(),
  JOB_EXPIRE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(2).max(86_400).optional(),
  ADMIN_EMAIL: z.string().email({ message: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(6, { message: 'must be at least 6 characters' }).optional(),
  AUTO_APPROVE: booleanFromEnv.default(false),
  // Issue 36 §5, decision 0053: staff (every role but `user`) must enrol a second factor before any back-office API
  // answers them. Unset: on when PUBLIC_URL is a public address, off on localhost and reserved test names.
  REQUIRE_STAFF_MFA: booleanFromEnv.optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number({ message: 'must be a number' }).int().min(10).max(10_000_000).default(50_000),
  // Issue 23 §5, issue 34 §1: sign-up, forgot-password and the confirmation re-send answer no sooner than this, new
  // or registered address alike (decision 0041). Well above the work of any of them (sign-up's argon2id plus a few
  // queries, 20–60 ms on a shared core), so the work's spread does not show.
  SIGN_UP_MIN_MS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be at least 0' })
    .max(5000, { message: 'must be at most 5000' })
    .default(300),
  RATE_LIMIT_MULTIPLIER: z.coerce.number({ message: 'must be a number' }).positive().default(1),
  // The share of one CPU core one client network (an IPv4 address, an IPv6 /64) may spend in pages the server must
  // render for it (404s, query variants past the page cache's limit, form posts): 0.25 = 250 ms of rendering a second,
  // with 10 s of it at once; past it, 429 with Retry-After (decision 0045). RATE_LIMIT_MULTIPLIER scales it.
  PAGE_RENDER_SHARE: z.coerce
    .number({ message: 'must be a number' })
    .min(0.01, { message: 'must be at least 0.01' })
    .max(64, { message: 'must be at most 64' })
    .default(0.25),
  KIT_API_KEY: z.string().min(1).optional(),
  KIT_FORM_ID: z.string().min(1).optional(),
  KIT_API_URL: z.string().url({ message: 'must be a URL' }).default('https://api.kit.com'),
  // Leads each instance sends to Kit per minute, evenly spaced: Kit allows 120 API calls a minute per key and a lead
  // takes two (subscriber, then form).
  KIT_LEADS_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(6000, { message: 'must be at most 6000' })
    .default(55),
  DOWNLOAD_URL: z.string().url({ message: 'must be a URL' }).default('https://downloads.jotit.app/JotIt-Setup.exe'),
  GEOIP_DB: z.string().min(1).optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  // Connection hygiene (issue 23 §2, decision 0020). The whole request (headers and body) must arrive within
  // HTTP_REQUEST_TIMEOUT_MS and its headers within HTTP_HEADERS_TIMEOUT_MS; a kept-alive connection is closed after
  // HTTP_KEEP_ALIVE_TIMEOUT_MS without a new request, and any connection with nothing in flight after
  // HTTP_IDLE_TIMEOUT_MS without a byte either way. One that never sends a byte is closed, without an answer, at the
  // shorter of HTTP_HEADERS_TIMEOUT_MS and HTTP_IDLE_TIMEOUT_MS (lib/connection-limits.ts).
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(1000, 3_600_000, 60_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(500, 3_600_000, 10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 3_600_000, 5000),
  HTTP_IDLE_TIMEOUT_MS: milliseconds(100, 3_600_000, 30_000),
  // Open connections per client network (IPv4 address or IPv6 /64, decision 0043); more are closed at once. Not applied with TRUST_PROXY=true: every
  // connection then comes from the proxy, which caps its clients itself (deploy/nginx.conf.template, limit_conn).
  MAX_CONNECTIONS_PER_IP: z.coerce.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1).max(100_000).default(128),
  SEED_DEMO: booleanFromEnv.optional(),
  // How often an instance checks the jots table for what no bus notification announced (the bus down or absent, a
  // lost notification, a seed): an index-only max(id) per tick, the whole count every 5th (decision 0015).
  FEED_POLL_MS: z.coerce.number({ message: 'must be a number' }).int().min(100).max(3_600_000).default(2000),
  // GET /api/jots/stream: a comment line this often keeps proxies from closing an idle stream.
  SSE_HEARTBEAT_MS: z.coerce.number({ message: 'must be a number' }).int().min(50).max(300_000).default(15_000),
  // Open streams per client IP on one instance; more are refused with 429.
  SSE_MAX_PER_IP: z.coerce.number({ message: 'must be a number' }).int().min(1).max(1000).default(5),
  // GET /metrics answers only with `Authorization: Bearer $METRICS_TOKEN`; unset: /metrics does not exist (404).
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  // Site analytics (issue 40): comma-separated client networks never counted (the operator's office), each an IPv4
  // address or an IPv6 address (its /64 is excluded, decision 0043).
  ANALYTICS_EXCLUDED_IPS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.every((item) => networkOf(item) !== null), { message: 'must be comma-separated IP addresses' }),
  // Requests slower than this are logged at warn with their route.
  SLOW_REQUEST_MS: z.coerce.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1).default(500),
  // Webhooks (issue 41, decision 0063): receivers must be https and on public addresses. These two exist for
  // development and tests only: `http://` URLs, and loopback or private addresses (never in production).
  WEBHOOKS_ALLOW_HTTP: booleanFromEnv.default(false),
  WEBHOOKS_ALLOW_PRIVATE: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
}).refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
  path: ['HTTP_HEADERS_TIMEOUT_MS'],
  message: 'must not be more than HTTP_REQUEST_TIMEOUT_MS',
})
  // The server tells clients (`Keep-Alive: timeout=…`) how long a kept-alive connection lasts; closing it sooner as
  // idle makes a client that reuses it in time get a reset connection instead of an answer.
  .refine((env) => env.HTTP_KEEP_ALIVE_TIMEOUT_MS < env.HTTP_IDLE_TIMEOUT_MS, {
    path: ['HTTP_KEEP_ALIVE_TIMEOUT_MS'],
    message: 'must be less than HTTP_IDLE_TIMEOUT_MS',
  });

export type ConfigEnv = z.infer<typeof ConfigEnvSchema>;

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** Session tokens older than this (seconds since their `iat`) are refused; new ones expire at this age. */
  jwtMaxAgeSeconds: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailFromName: string;
  mailPostalAddress: string | undefined;
  /** DKIM signing of outgoing mail, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  invitationHourlyCap: number;
  subscribeDoubleOptIn: boolean;
  supportEmail: string;
  /** Outgoing e-mail pace of this instance: messages started per minute, and messages in flight at once. */
  mail: { ratePerMinute: number; concurrency: number };
  /** Job queue overrides (unset: each job's own retry delay, pg-boss's expiry). */
  jobs: { retryDelaySeconds: number | undefined; expireSeconds: number | undefined; pollingSeconds: number | undefined };
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  autoApprove: boolean;
  /** Staff without a second factor get 403 from back-office APIs until they enrol (decision 0053). */
  requireStaffMfa: boolean;
  captchaMaxNumber: number;
  signUpMinMs: number;
  rateLimitMultiplier: number;
  /** Share of one core one client network may spend in pages rendered per request (lib/render-budget.ts). */
  pageRenderShare: number;
  kit: { apiKey: string | undefined; formId: string | undefined; apiUrl: string; leadsPerMinute: number };
  downloadUrl: string;
  geoipDb: string | undefined;
  trustProxy: boolean;
  /** Node's HTTP server limits and the per-address connection cap (decision 0020). */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; idleTimeoutMs: number; maxConnectionsPerIp: number };
  seedDemo: boolean;
  /** Jot feed fallback check interval, whatever the cluster bus does (ms). */
  feedPollMs: number;
  /** The live jot stream (GET /api/jots/stream). */
  stream: { heartbeatMs: number; maxPerIp: number };
  logLevel: ConfigEnv['LOG_LEVEL'];
  /** What webhook URLs may be (address-guard.ts): http, and private addresses, for development and tests only. */
  webhooks: { allowHttp: boolean; allowPrivate: boolean };
  /** Bearer token of GET /metrics; undefined: no /metrics route. */
  metricsToken: string | undefined;
  /** Requests slower than this (ms) are logged at warn. */
  slowRequestMs: number;
  /** Client networks (lib/client-network.ts) whose visits site analytics never counts (ANALYTICS_EXCLUDED_IPS). */
  analyticsExcludedNetworks: string[];
  isDevelopment: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; a bad value throws a ConfigError naming each variable. */
export function parseConfigEnv(env: Record<string, string | undefined>): ConfigEnv {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigEnvSchema.superRefine((value, context) => {
    const dkim = [value.DKIM_DOMAIN, value.DKIM_SELECTOR, value.DKIM_PRIVATE_KEY].filter(Boolean).length;
    if (dkim !== 0 && dkim !== 3) {
      context.addIssue({ code: 'custom', path: ['DKIM_PRIVATE_KEY'], message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together' });
    }
  }).safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * True for the local demo and tests: no PUBLIC_URL, or one on a loopback address, `localhost` or a name reserved for
 * tests and local networks (RFC 2606, RFC 6761, RFC 6762: .localhost, .test, .example, .invalid, .local).
 */
export function isLocalUrl(url: string | undefined): boolean {
  if (!url) return true;
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0' || /^127(\.\d{1,3}){3}$/.test(host)) return true;
  return /\.(localhost|test|example|invalid|local)$/.test(host);
}

/** The JWT secret: from the environment, else generated once and kept in DATA_DIR. */
function resolveJwtSecret(env: ConfigEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = parseConfigEnv(env);
  const port = parsed.PORT;
  return {
    port,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: path.resolve(parsed.DATA_DIR),
    redisUrl: parsed.REDIS_URL,
    jwtSecret: resolveJwtSecret(parsed),
    jwtMaxAgeSeconds: parsed.JWT_MAX_AGE,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    mailFromName: parsed.MAIL_FROM_NAME,
    mailPostalAddress: parsed.MAIL_POSTAL_ADDRESS,
    dkim:
      parsed.DKIM_DOMAIN && parsed.DKIM_SELECTOR && parsed.DKIM_PRIVATE_KEY
        ? { domainName: parsed.DKIM_DOMAIN, keySelector: parsed.DKIM_SELECTOR, privateKey: parsed.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : undefined,
    invitationHourlyCap: parsed.INVITATION_HOURLY_CAP,
    subscribeDoubleOptIn: parsed.SUBSCRIBE_DOUBLE_OPT_IN,
    supportEmail: parsed.SUPPORT_EMAIL,
    mail: { ratePerMinute: parsed.MAIL_RATE_PER_MINUTE, concurrency: parsed.MAIL_CONCURRENCY },
    jobs: { retryDelaySeconds: parsed.JOB_RETRY_DELAY_SECONDS, expireSeconds: parsed.JOB_EXPIRE_SECONDS, pollingSeconds: parsed.JOB_POLLING_SECONDS },
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    autoApprove: parsed.AUTO_APPROVE,
    requireStaffMfa: parsed.REQUIRE_STAFF_MFA ?? !isLocalUrl(parsed.PUBLIC_URL),
    captchaMaxNumber: parsed.CAPTCHA_MAX_NUMBER,
    signUpMinMs: parsed.SIGN_UP_MIN_MS,
    rateLimitMultiplier: parsed.RATE_LIMIT_MULTIPLIER,
    pageRenderShare: parsed.PAGE_RENDER_SHARE,
    kit: {
      apiKey: parsed.KIT_API_KEY,
      formId: parsed.KIT_FORM_ID,
      apiUrl: parsed.KIT_API_URL.replace(/\/$/, ''),
      leadsPerMinute: parsed.KIT_LEADS_PER_MINUTE,
    },
    downloadUrl: parsed.DOWNLOAD_URL,
    geoipDb: parsed.GEOIP_DB,
    trustProxy: parsed.TRUST_PROXY,
    http: {
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: parsed.HTTP_IDLE_TIMEOUT_MS,
      maxConnectionsPerIp: parsed.MAX_CONNECTIONS_PER_IP,
    },
    // Demo content is on by default only for the embedded database (docs/architecture.md §7).
    seedDemo: parsed.SEED_DEMO ?? !parsed.DATABASE_URL,
    feedPollMs: parsed.FEED_POLL_MS,
    stream: { heartbeatMs: parsed.SSE_HEARTBEAT_MS, maxPerIp: parsed.SSE_MAX_PER_IP },
    logLevel: parsed.LOG_LEVEL,
    webhooks: { allowHttp: parsed.WEBHOOKS_ALLOW_HTTP, allowPrivate: parsed.WEBHOOKS_ALLOW_PRIVATE },
    metricsToken: parsed.METRICS_TOKEN,
    slowRequestMs: parsed.SLOW_REQUEST_MS,
    analyticsExcludedNetworks: parsed.ANALYTICS_EXCLUDED_IPS.map((address) => networkOf(address)!),
    isDevelopment: parsed.NODE_ENV === 'development',
  };
}

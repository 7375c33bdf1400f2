/**
 * The one set of browser-test fixtures every spec uses (CONTRIBUTING.md: `tests/e2e/<area>.spec.ts` with shared
 * fixtures). A spec calls `setUpE2e()` in its `describe`, which starts the real product and Chromium before its
 * tests and stops them after:
 *
 *   const e2e = setUpE2e({ smtp: true });
 *   it('…', async () => {
 *     const { page, errors, close } = await e2e.openAsAdmin('/admin/jots', { heading: 'Jots Management' });
 *     await page.getByRole('button', { name: 'Create Test Jot' }).click();
 *     await toast(page, 'Test Jot Created').waitFor();
 *     expect(unexpectedErrors(errors)).toEqual([]);
 *     await close();
 *   });
 *
 * Lower-level parts live in browser.ts (Chromium, hydration), server.ts (the product on a free port) and
 * session.ts (a token in localStorage); specs import them through this file.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { encryptV2 } from '../../src/shared/jot-crypto.ts';
import type { JotPlaintextInput } from '../../src/shared/schemas/jot-plaintext.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, type TrackedPage } from './browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi, useSession } from './session.ts';

export { DESKTOP, MOBILE, openPage, type TrackedPage, waitForHydration } from './browser.ts';
export { E2E_ADMIN, type RunningServer } from './server.ts';
export { type SessionUser, signInViaApi, useSession } from './session.ts';

export type Viewport = { width: number; height: number };

/** The two widths every public page is tested at (spec: 1280 px and 375 px). */
export const VIEWPORTS = [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Signs the call in as this user (`Authorization: Bearer …`). */
  token?: string;
}

export interface E2e {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The real SMTP server the product sends to (only with `setUpE2e({ smtp: true })`). */
  readonly smtp: TestSmtpServer;
  /** A session token of the seeded admin (E2E_ADMIN). */
  readonly adminToken: string;
  /** A fresh browser context and page, signed out. */
  open(viewport?: Viewport): Promise<TrackedPage>;
  /**
   * A fresh page signed in as the admin, opened at `path` (when given) and, with `heading`, once that level-1
   * heading shows.
   */
  openAsAdmin(path?: string, options?: { viewport?: Viewport; heading?: string }): Promise<TrackedPage>;
  /** A JSON call to the running server, as is: for tests that look at refused calls. */
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<Response>;
  /** A JSON call as the admin that must succeed; its parsed body (undefined for 204). */
  adminApi<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
}

/**
 * Starts the product (with `env`; `smtp: true` adds a real SMTP server and points SMTP_URL at it; `prepareData`
 * writes into its data directory before it starts) and Chromium before the spec's tests, signs the admin in through the API, and stops everything afterwards.
 */
export function setUpE2e(
  options: { env?: Record<string, string>; smtp?: boolean; prepareData?(dataDir: string): Promise<void> } = {},
): E2e {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let smtp: TestSmtpServer | undefined;
  let adminToken: string | undefined;

  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env }, { prepareData: options.prepareData }),
      launchBrowser(),
    ]);
    adminToken = (await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`e2e.${name} is only there inside tests (and with the option that starts it)`);
    return value;
  };

  const e2e: E2e = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get smtp() {
      return ready(smtp, 'smtp');
    },
    get adminToken() {
      return ready(adminToken, 'adminToken');
    },
    open: (viewport) => openPage(e2e.browser, e2e.server.baseUrl, viewport),
    async openAsAdmin(path, { viewport, heading } = {}) {
      const tracked = await e2e.open(viewport);
      await useSession(tracked.page, e2e.adminToken);
      if (path) await tracked.page.goto(path);
      if (heading) await tracked.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      return tracked;
    },
    request: (method, path, requestOptions) => apiRequest(e2e.server, method, path, requestOptions),
    async adminApi<T>(method: HttpMethod, path: string, body?: unknown) {
      const response = await e2e.request(method, path, { body, token: e2e.adminToken });
      expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
  };
  return e2e;
}

/** A JSON call to a running server. */
export function apiRequest(server: RunningServer, method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Response> {
  const { body, headers = {}, token } = options;
  return fetch(new URL(path, server.baseUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let userSequence = 0;
/** A unique address, so tests sharing one server never collide. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(userSequence += 1)}@example.com`;

export interface CreatedUser {
  username: string;
  email: string;
  password: string;
  isAdmin: boolean;
  isApproved: boolean;
}

/** A user created by the admin through `POST /api/users` (confirmed; approved and not an admin unless said). */
export async function createUserViaApi(e2e: E2e, options: { isAdmin?: boolean; isApproved?: boolean } = {}): Promise<CreatedUser> {
  const email = uniqueEmail('member');
  const user = { username: email.split('@')[0]!.replace(/\./g, '-'), email, password: 'member-password', isAdmin: false, isApproved: true, ...options };
  const response = await e2e.request('POST', '/api/users', { body: user, token: e2e.adminToken });
  expect(response.status, await response.clone().text()).toBe(201);
  return user;
}

/** A jot as the desktop app sends it: a v2 envelope under the demo build GUID. Returns its id. */
export async function sendJotV2(server: RunningServer, plaintext: JotPlaintextInput): Promise<number> {
  const payload = encryptV2(plaintext, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value);
  const response = await apiRequest(server, 'POST', '/api/v2/jots', { body: { payload } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The toast (sonner) that contains `text`, in the page's Notifications region. */
export const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: text });

/** Waits for the toast that contains `text`; when it does not come, the error says what the page showed instead. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  try {
    await toast(page, text).waitFor();
  } catch (error) {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[data-sonner-toast], [role="alert"], [aria-invalid="true"], [role="dialog"] button[type="submit"]')].map(
        (element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 160)}`,
      ),
    );
    throw new Error(`No toast "${text}" at ${new URL(page.url()).pathname}. The page showed: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/**
 * The error a form control shows (the kit's Field: aria-invalid, the message among its aria-describedby), or null
 * when it shows none.
 */
export async function fieldProblem(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    if (element.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const texts = ids.map((id) => document.getElementById(id)).filter((node) => node?.classList.contains('text-destructive'));
    return texts.map((node) => node!.textContent).join(' ') || null;
  });
}

/**
 * The browser errors a test did not provoke. The browser logs every refused call as "the server responded with a
 * status of N (url)"; `expectedStatuses` names the refusals this test causes on purpose (a wrong password: 401).
 * A 5xx is never passed over unless the test names it, which only a test that answers it itself should do.
 */
/**
 * A screenshot for a person to look at (desktop and mobile reviews), written only when SCREENSHOT_DIR is set:
 * `SCREENSHOT_DIR=/tmp/shots npm run test:e2e`. Never a test by itself.
 */
export async function reviewScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path: file });
}

export function unexpectedErrors(errors: string[], expectedStatuses: number[] = []): string[] {
  return errors.filter((error) => {
    const status = /status of (\d{3})\b/.exec(error)?.[1];
    return !(status && expectedStatuses.includes(Number(status)));
  });
}

/** Ticks the ALTCHA checkbox of the sign-in form and waits until it says Verified (its label changes once solved). */
export async function solveCaptchaWidget(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.getByRole('checkbox', { name: 'Verified' }).waitFor();
}

/**
 * Waits until the parts of a public page that load after hydration have settled, as a person would see them:
 * the session check (the nav's `data-session`), every captcha (loaded, and solved when invisible) and,
 * on the home page, the latest ideas.
 */
export async function waitForLiveParts(page: Page): Promise<void> {
  // The session check has answered (the nav's Sign In shows for a visitor, except on /login, issue 37 §13).
  await page.locator('nav[data-session="signed-out"], nav[data-session="signed-in"]').first().waitFor({ state: 'attached' });
  for (const captcha of await page.locator('[data-slot="captcha"]').all()) {
    // An invisible captcha solves itself and says so in its status line; a visible one waits for a click.
    const status = captcha.getByRole('status');
    if ((await status.count()) > 0) await status.getByText('Spam check passed.').waitFor({ state: 'attached' });
    else await captcha.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
  }
  if (new URL(page.url()).pathname === '/') await page.getByRole('list', { name: 'Latest ideas', exact: true }).waitFor();
}

/**
 * Picks an option of the kit's Select (Radix) and waits until `isChosen` says it took. On a loaded machine a click
 * can reach the list while it is still opening (its entry animation moves the options), and is then lost: the
 * choice is made again, up to three times, rather than waited on for ever. A person's click meets a list at rest.
 */
export async function chooseOption(page: Page, trigger: Locator, optionName: string | RegExp, isChosen: () => Promise<boolean>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await trigger.click();
    await page.getByRole('option', { name: optionName, exact: typeof optionName === 'string' }).click();
    try {
      await expect.poll(isChosen, { timeout: 5000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
    }
  }
}

/**
 * Signed-in browser tests without clicking through the sign-in screen (specs get these through fixtures.ts;
 * `e2e.openAsAdmin()` does all of it for the admin):
 *
 *   const { token } = await signInViaApi(e2e.server.baseUrl, user.email, user.password);
 *   const { page, close } = await e2e.open();
 *   await useSession(page, token);
 *   await page.goto('/admin/jots');
 *
 * The token is written to localStorage (`auth_token`) by an init script, before any page script runs, on every
 * navigation of that browser context — so after a Sign Out the next page load signs in again. Open a fresh
 * context to test signing out.
 */
import type { Page } from 'playwright-core';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/shared/constants.ts';
import type { SignInSessionResponse } from '../../src/shared/schemas/second-factor.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';

export type SessionUser = SignInSessionResponse['user'];

/** `POST /api/auth/signin` over HTTP with a freshly solved captcha; throws with the server's text on failure. */
export async function signInViaApi(baseUrl: string, email: string, password: string): Promise<{ token: string; user: SessionUser }> {
  const captcha = await solveCaptchaOver(baseUrl);
  const response = await fetch(new URL('/api/auth/signin', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, captcha }),
  });
  const body = (await response.json().catch(() => ({}))) as Partial<SignInSessionResponse> & { error?: string };
  if (!response.ok || !body.token || !body.user) {
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${body.error ?? ''}`.trim());
  }
  return { token: body.token, user: body.user };
}

/** Makes every page of this page's browser context start signed in with `token`. */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.context().addInitScript(
    ([key, value]) => {
      // Also runs in opaque-origin frames (a blocked video embed), where localStorage throws: nothing to sign in.
      try {
        window.localStorage.setItem(key, value);
      } catch {
        /* not this frame */
      }
    },
    [AUTH_TOKEN_STORAGE_KEY, token] as const,
  );
}

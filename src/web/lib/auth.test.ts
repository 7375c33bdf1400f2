// @vitest-environment jsdom
/**
 * Sign Out (useSignOutToLogin) gives up the token at once, and the page shows the signed-out state only in /login's
 * first commit, never before it. The CI failure this guards against: Sign Out on the Security page showed the
 * signed-out state at once, so the page's gate showed its own sign-in form while /login's code loaded; the test typed
 * into that form, /login replaced it, and an empty form was submitted. Here /login's code is held back (a lazy route)
 * to see every commit while it loads.
 */
import { act, createElement, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth, useSignOutToLogin } from './auth';

describe('useSignOutToLogin', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(() => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    window.localStorage.clear();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  it('gives up the token at once, keeps the page until /login has rendered, then shows /login signed out', async () => {
    // RouterProvider from 'react-router': under Vitest, 'react-router/dom' loads a second copy of the router's contexts.
    // Every commit, as "path status": what a person could have seen.
    const commits: string[] = [];
    let auth: ReturnType<typeof useAuth> | undefined;
    let signOutToLogin: (() => Promise<void>) | undefined;
    function Screen() {
      const location = useLocation();
      auth = useAuth();
      signOutToLogin = useSignOutToLogin();
      const seen = `${location.pathname} ${auth.status}`;
      useLayoutEffect(() => void commits.push(seen), [seen]);
      return null;
    }
    let releaseLoginCode!: () => void;
    const loginCode = new Promise<void>((resolve) => (releaseLoginCode = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: createElement(AuthProvider, null, createElement(Outlet)),
          children: [
            { path: 'account/security', Component: Screen },
            { path: 'login', lazy: async () => (await loginCode, { Component: Screen }) },
          ],
        },
      ],
      { initialEntries: ['/account/security'] },
    );
    await act(async () => root.render(createElement(RouterProvider, { router })));
    await act(async () => auth!.signIn('a-token', { id: 1, email: 'ada@example.com', isAdmin: false, role: 'user' }));
    expect(commits.at(-1)).toBe('/account/security signed-in');
    commits.length = 0;

    let signingOut: Promise<void> | undefined;
    await act(async () => {
      signingOut = signOutToLogin!();
    });
    // /login's code is still loading: the page is as it was, but the token is already given up.
    expect(commits).toEqual([]);
    expect(window.localStorage.getItem('auth_token')).toBeNull();

    await act(async () => {
      releaseLoginCode();
      await signingOut;
    });
    // One commit: /login with the session ended (no "You're signed in" between).
    expect(commits).toEqual(['/login signed-out']);
  });
});

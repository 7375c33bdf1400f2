/**
 * The session (spec §4): unknown while the stored token is checked, then signed in or signed out.
 * The token lives in localStorage (`auth_token`), so the server renders the loading state and the browser
 * validates the token (docs/architecture.md §2).
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/constants';
import type { AuthUser, ValidateResponse } from '../../shared/schemas/auth';
import { ApiError, apiRequest, readAuthToken } from './api-client';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  signIn(token: string, user: AuthUser): void;
  signOut(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  useEffect(() => {
    const token = readAuthToken();
    // The session settles in a transition: an urgent context change would make React throw away the server HTML
    // of split components still hydrating below (the banner strip, counters) and show their empty fallbacks.
    if (!token) {
      // localStorage exists only after hydration; the server rendered 'loading', so this must run in the effect.
      startTransition(() => setStatus('signed-out'));
      return;
    }
    const controller = new AbortController();
    apiRequest<ValidateResponse>('/api/auth/validate', { signal: controller.signal })
      .then((result) =>
        startTransition(() => {
          setUser(result.user);
          setStatus('signed-in');
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: a failed validation (401, or 403 for a revoked account) removes the stored token. A network
        // failure, a rate limit or a server error says nothing about the token, so it is kept for next time.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
        }
        startTransition(() => {
          setUser(null);
          setStatus('signed-out');
        });
      });
    return () => controller.abort();
  }, []);

  const signIn = useCallback((token: string, nextUser: AuthUser) => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
    setUser(nextUser);
    setStatus('signed-in');
  }, []);

  const signOut = useCallback(() => {
    forgetSession();
    setUser(null);
    setStatus('signed-out');
  }, []);

  const value = useMemo(() => ({ status, user, signIn, signOut }), [status, user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Ends this device's session: the server ends the token's session (decision 0051), so a copy of the token is useless
 * from now on, and the token is forgotten. The request takes the token before it is removed; signing out never waits
 * for it, nor fails with it. A second call does nothing.
 */
function forgetSession(): void {
  if (readAuthToken()) void apiRequest<void>('/api/auth/signout', { method: 'POST', body: {} }).catch(() => undefined);
  window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * Signs out and opens /login, as every Sign Out does. The session ends at once (a tab closed right after is signed
 * out); what the page shows changes with /login: one async transition holds both, the router's updates made while it
 * runs are entangled with it, so /login and the signed-out state commit together once /login's code has loaded.
 * Changed first, a protected page showed its own sign-in gate while that code loaded, and what a person typed into
 * it was lost when /login replaced it (a CI failure: typed on the Security page's gate, submitted empty on /login's).
 * A navigation's `flushSync` would not do: it covers only the navigation's first update.
 */
export function useSignOutToLogin(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    () =>
      new Promise<void>((resolve) => {
        forgetSession();
        startTransition(async () => {
          try {
            await navigate('/login');
          } finally {
            startTransition(signOut);
            resolve();
          }
        });
      }),
    [navigate, signOut],
  );
}

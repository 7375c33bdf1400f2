/**
 * Starts the real product (`dist/server/main.js`, built web app, embedded database with demo content) on a free
 * port for browser tests, as `npm start` would, with a known admin and a fast captcha.
 */
import { type AppProcess, startAppProcess } from '../fixtures/app-process.ts';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' } as const;

export type RunningServer = Pick<AppProcess, 'baseUrl' | 'dataDir' | 'output' | 'stop'>;

export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startAppProcess({
    env: {
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      CAPTCHA_MAX_NUMBER: '10',
      RATE_LIMIT_MULTIPLIER: '20',
      ...env,
    },
  });
}

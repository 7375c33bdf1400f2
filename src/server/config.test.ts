import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfigEnv } from './config.ts';

describe('configuration', () => {
  it('starts with embedded defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/jotit-config-test', JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.rateLimitMultiplier).toBe(1);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mail).toEqual({ ratePerMinute: 600, concurrency: 4 });
  });

  it('reads the e-mail pace from MAIL_RATE_PER_MINUTE and MAIL_CONCURRENCY', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/jotit-config-test',
      JWT_SECRET: 'x'.repeat(40),
      MAIL_RATE_PER_MINUTE: '60',
      MAIL_CONCURRENCY: '2',
    });
    expect(config.mail).toEqual({ ratePerMinute: 60, concurrency: 2 });
  });

  it('turns demo content off by default on PostgreSQL, and on again when asked', () => {
    const base = { DATA_DIR: '/tmp/jotit-config-test', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig(base).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads JWT_MAX_AGE in seconds or with a unit (default 7 days)', () => {
    expect(parseConfigEnv({}).JWT_MAX_AGE).toBe(7 * 86_400);
    expect(parseConfigEnv({ JWT_MAX_AGE: '12h' }).JWT_MAX_AGE).toBe(12 * 3600);
    expect(parseConfigEnv({ JWT_MAX_AGE: '3600' }).JWT_MAX_AGE).toBe(3600);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfigEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT: must be a number'],
    ['PORT', '70000', 'PORT'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL: must start with postgres:// or postgresql://'],
    ['SMTP_URL', 'not a url', 'SMTP_URL: must be a URL'],
    ['AUTO_APPROVE', 'maybe', 'AUTO_APPROVE: must be true or false'],
    ['JWT_SECRET', 'short', 'JWT_SECRET: must be at least 32 characters'],
    ['SUPPORT_EMAIL', 'nobody', 'SUPPORT_EMAIL: must be an e-mail address'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL'],
    ['RATE_LIMIT_MULTIPLIER', '-1', 'RATE_LIMIT_MULTIPLIER'],
    ['PAGE_RENDER_SHARE', 'half', 'PAGE_RENDER_SHARE: must be a number'],
    ['PAGE_RENDER_SHARE', '0', 'PAGE_RENDER_SHARE: must be at least 0.01'],
    ['MAIL_RATE_PER_MINUTE', 'fast', 'MAIL_RATE_PER_MINUTE: must be a number'],
    ['MAIL_RATE_PER_MINUTE', '0', 'MAIL_RATE_PER_MINUTE: must be at least 1'],
    ['MAIL_RATE_PER_MINUTE', '2.5', 'MAIL_RATE_PER_MINUTE: must be a whole number'],
    ['MAIL_RATE_PER_MINUTE', '1000000', 'MAIL_RATE_PER_MINUTE: must be at most 60000'],
    ['MAIL_CONCURRENCY', '0', 'MAIL_CONCURRENCY: must be at least 1'],
    ['MAIL_CONCURRENCY', 'many', 'MAIL_CONCURRENCY: must be a number'],
    ['MAIL_CONCURRENCY', '51', 'MAIL_CONCURRENCY: must be at most 50'],
    ['HTTP_IDLE_TIMEOUT_MS', '10', 'HTTP_IDLE_TIMEOUT_MS: must be at least 100'],
    ['HTTP_HEADERS_TIMEOUT_MS', '120000', 'HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS'],
    ['HTTP_IDLE_TIMEOUT_MS', '1000', 'HTTP_KEEP_ALIVE_TIMEOUT_MS: must be less than HTTP_IDLE_TIMEOUT_MS'],
    ['MAX_CONNECTIONS_PER_IP', '0', 'MAX_CONNECTIONS_PER_IP'],
    ['JWT_MAX_AGE', 'a week', 'JWT_MAX_AGE: must be a duration'],
    ['JWT_MAX_AGE', '367d', 'JWT_MAX_AGE: must be between 1 minute and 366 days'],
  ])('refuses %s=%s with a message naming the variable', (name, value, expected) => {
    expect(() => parseConfigEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfigEnv({ [name]: value })).toThrow(expected);
  });

  it('keeps a generated JWT secret across restarts', () => {
    const dir = `/tmp/jotit-config-secret-${process.pid}-${Date.now()}`;
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

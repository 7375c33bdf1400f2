import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';

describe('security headers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  // X-Frame-Options must say what CSP's frame-ancestors 'none' says (issue 8 §11): no framing at all.
  it.each(['/api/captcha/challenge', '/docs/protocol', '/api/route-that-does-not-exist'])('%s: X-Frame-Options DENY, like frame-ancestors', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

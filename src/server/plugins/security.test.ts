import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';

describe('security headers', () => {
  let testApp: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await testApp?.close();
    await behindProxy?.close();
  });

  // Issue 34 §8: HSTS means nothing over plain HTTP (RFC 6797 §7.2), so it goes only with an HTTPS answer.
  it('sends Strict-Transport-Security over HTTPS only (the connection, or the trusted proxy)', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    const forged = await testApp.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const proxiedPlain = await behindProxy.app.inject({ method: 'GET', url: '/about', headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
    for (const url of ['/about', '/api/faqs']) {
      const secure = await behindProxy.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('names each script source once: no duplicated \'self\' on JSON, the nonce beside it on pages', async () => {
    const scriptSrc = async (url: string) =>
      /script-src ([^;]*)/.exec(String((await testApp.app.inject({ method: 'GET', url })).headers['content-security-policy']))?.[1];
    expect(await scriptSrc('/api/faqs')).toBe("'self'");
    expect(await scriptSrc('/about')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
  });

  // X-Frame-Options must say what CSP's frame-ancestors 'none' says (issue 8 §11): no framing at all.
  it.each(['/api/captcha/challenge', '/docs/protocol', '/api/route-that-does-not-exist'])('%s: X-Frame-Options DENY, like frame-ancestors', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  // helmet's middleware is built once (plugins/security.ts); the page's nonce must still be per response.
  it('gives each page its own script nonce in the CSP', async () => {
    const [first, second] = await Promise.all([0, 1].map(() => testApp.app.inject({ method: 'GET', url: '/about' })));
    const nonceOf = (header: unknown) => /'nonce-([^']+)'/.exec(String(header))?.[1];
    const nonces = [nonceOf(first!.headers['content-security-policy']), nonceOf(second!.headers['content-security-policy'])];
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first!.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives JSON no nonce, and the lean hot paths their own fixed headers instead of helmet', async () => {
    // Any JSON route outside the lean hot paths (the banner strip's poll joined them: decision 0046).
    const json = await testApp.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(String(json.headers['content-security-policy'])).not.toContain('nonce-');
    expect(json.headers['x-dns-prefetch-control']).toBe('off');
    for (const url of ['/api/jots/count', '/api/banners/active']) {
      const lean = await testApp.app.inject({ method: 'GET', url });
      expect(lean.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(lean.headers['x-content-type-options']).toBe('nosniff');
      expect(lean.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

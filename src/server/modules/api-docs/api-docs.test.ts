import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { PROTOCOL_PAGE_URL } from './openapi.ts';

describe('/docs and the jot protocol page', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it('serves docs/api.md as a page a visitor can open, under the strict CSP', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: PROTOCOL_PAGE_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1 id="jotit-api-sending-jots-from-the-desktop-app">JotIt API: sending jots from the desktop app</h1>');
    // The Markdown's own links to its sections work on the page.
    expect(response.body).toContain('href="#test-vectors"');
    expect(response.body).toContain('id="test-vectors"');
    expect(response.body).not.toMatch(/<script/i);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
  });

  it("links the reference's introduction to that page instead of naming a repository file", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ info: { description: string }; paths: Record<string, Record<string, { description?: string }>> }>();
    expect(document.info.description).toContain(`](${PROTOCOL_PAGE_URL})`);
    expect(document.info.description).not.toContain('docs/api.md');
  });

  it('links the reference back to the site, with the site icon (issue 27 §3)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Scalar.createApiReference');
    expect(html).toMatch(/<body[^>]*><header class="jotit-site-bar"><a href="\/">.*Back to JotIt<\/a>/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // Still under the CSP: every script carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag.includes(`nonce="${nonce}"`))).toEqual([true, true]);
    const protocol = await testApp.app.inject({ method: 'GET', url: PROTOCOL_PAGE_URL });
    expect(protocol.body).toContain('<a href="/">← JotIt home</a>');
  });
});


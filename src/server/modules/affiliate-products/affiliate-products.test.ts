import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { adminApi, useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import { affiliateProductDailyClicks, affiliateProducts, auditLog } from '../../db/schema.ts';
import { followProduct } from './service.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const LINK = 'https://vendor.example/product?ref=jotit';

describe(`affiliate products API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({}, (suite) => ({ testApp, admin, user } = suite));
  beforeEach(async () => {
    await testApp.app.services.database.db.delete(affiliateProducts);
  });

  const { inject, create } = adminApi<{ id: number } & Record<string, unknown>>(() => ({ testApp, admin, user }), '/api/affiliate-products', { name: 'Pro keyboard', affiliate_link: LINK });

  it.each([
    ['POST', '/api/affiliate-products'],
    ['PATCH', '/api/affiliate-products/1'],
    ['DELETE', '/api/affiliate-products/1'],
  ] as const)('%s %s: anonymous 401, approved non-admin 403', async (method, url) => {
    const body = method === 'DELETE' ? undefined : { name: 'X', affiliate_link: LINK };
    expect((await inject(method, url, body, null)).statusCode).toBe(401);
    expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
  });

  it('admins create (201, audited), read, change, delete (204); decimals stay exact strings', async () => {
    const product = await create({ price: '19.99', commission_rate: 12.5, vendor: 'KeyCo' });
    expect(product).toMatchObject({ price: '19.99', commissionRate: '12.50', affiliateLink: LINK, isActive: true, createdBy: admin.id });
    expect((await inject('GET', `/api/affiliate-products/${product.id}`)).json()).toMatchObject({ clicks30d: 0, price: '19.99' });
    const changed = await inject('PATCH', `/api/affiliate-products/${product.id}`, { price: '0.1', commission_rate: '' });
    expect(changed.json()).toMatchObject({ price: '0.10', commissionRate: null });
    const big = await inject('PATCH', `/api/affiliate-products/${product.id}`, { price: '99999999.99' });
    expect(big.json()).toMatchObject({ price: '99999999.99' });
    expect((await inject('DELETE', `/api/affiliate-products/${product.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/affiliate-products/${product.id}`)).json()).toEqual({ error: 'Affiliate product not found' });
    expect((await inject('PATCH', `/api/affiliate-products/${product.id}`, { name: 'x' })).statusCode).toBe(404);
    const actions = (await testApp.app.services.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['affiliate_product.create', 'affiliate_product.update', 'affiliate_product.delete']));
  });

  const PRICE = 'Price must be a decimal like 19.99';
  const RATE = 'Commission rate must be a percentage like 12.5';
  it.each([
    [{ affiliate_link: LINK }, 'name', 'Name is required'],
    [{ name: 'A' }, 'affiliateLink', 'Affiliate link is required'], // a field nobody sent is named canonically (decision 0027)
    [{ name: 'A', affiliate_link: 'javascript:alert(1)' }, 'affiliate_link', 'Affiliate link must be a valid http(s) URL'],
    [{ name: 'A', affiliate_link: '//evil.example' }, 'affiliate_link', 'Affiliate link must be a valid http(s) URL'],
    [{ name: 'A', affiliate_link: 'not a url' }, 'affiliate_link', 'Affiliate link must be a valid http(s) URL'],
    [{ name: 'A', affiliate_link: LINK, featured_image_url: 'ftp://x.example/a.png' }, 'featured_image_url', 'Featured image URL must be a valid http(s) URL'],
    [{ name: 'A', affiliate_link: LINK, price: '19.999' }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, price: '-1' }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, price: '1e3' }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, price: 0.1 + 0.2 }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, price: '123456789' }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, price: true }, 'price', PRICE],
    [{ name: 'A', affiliate_link: LINK, commission_rate: '100.01' }, 'commission_rate', RATE],
    [{ name: 'A', affiliate_link: LINK, commission_rate: 'ten' }, 'commission_rate', RATE],
    [{ name: 'A', affiliate_link: LINK, is_active: 1 }, 'is_active', 'Active must be true or false'],
  ])('%j → 400 with field details', async (body, field, message) => {
    const response = await inject('POST', '/api/affiliate-products', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toContain(message);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('the public reads only active products, without the commission rate or the raw link', async () => {
    const live = await create({ name: 'Live', commission_rate: '10' });
    const hidden = await create({ name: 'Hidden', is_active: false });
    for (const headers of [null, user.headers]) {
      const list = await inject('GET', '/api/affiliate-products?active=false', undefined, headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ items: [expect.objectContaining({ id: live.id, goUrl: `/go/${live.id}` })], total: 1 });
      expect(list.json().items[0]).not.toHaveProperty('commissionRate');
      expect(list.json().items[0]).not.toHaveProperty('affiliateLink');
      expect((await inject('GET', `/api/affiliate-products/${hidden.id}`, undefined, headers)).statusCode).toBe(404);
      expect((await inject('GET', `/api/affiliate-products/${live.id}`, undefined, headers)).statusCode).toBe(200);
    }
  });

  it('admin list: search, active filter, limit/offset + total', async () => {
    await create({ name: 'Alpha', vendor: 'V1' });
    await create({ name: 'Beta', is_active: false });
    await create({ name: 'Gamma', category: 'Desk' });
    expect((await inject('GET', '/api/affiliate-products?limit=1&offset=1')).json()).toMatchObject({ total: 3, items: [{ name: 'Beta' }] });
    expect((await inject('GET', '/api/affiliate-products?active=false')).json().items.map((p: { name: string }) => p.name)).toEqual(['Beta']);
    expect((await inject('GET', '/api/affiliate-products?q=desk')).json().items.map((p: { name: string }) => p.name)).toEqual(['Gamma']);
    expect((await inject('GET', '/api/affiliate-products?offset=-1')).statusCode).toBe(400);
  });

  it('following a product counts the click (not bots) and gives only the stored link of an active product', async () => {
    const product = await create();
    const visitor = (ipAddress: string, userAgent = BROWSER) => ({ ipAddress, userAgent });
    expect(await followProduct(testApp.app.services, product.id, visitor('10.7.0.1'))).toBe(LINK);
    expect(await followProduct(testApp.app.services, product.id, visitor('10.7.0.1'))).toBe(LINK);
    expect(await followProduct(testApp.app.services, product.id, visitor('10.7.0.2'))).toBe(LINK);
    expect(await followProduct(testApp.app.services, product.id, visitor('10.7.0.3', BOT))).toBe(LINK);
    expect((await inject('GET', `/api/affiliate-products/${product.id}`)).json()).toMatchObject({ clicks30d: 2 });
    const rows = await testApp.app.services.database.db.select().from(affiliateProductDailyClicks);
    expect(rows).toEqual([expect.objectContaining({ productId: product.id, clicks: 2 })]);
    await inject('PATCH', `/api/affiliate-products/${product.id}`, { is_active: false });
    expect(await followProduct(testApp.app.services, product.id, visitor('10.7.0.4'))).toBeNull();
    expect(await followProduct(testApp.app.services, 999_999, visitor('10.7.0.4'))).toBeNull();
    expect((await inject('GET', '/api/affiliate-products')).json().items[0]).toMatchObject({ clicks30d: 2 });
  });
});

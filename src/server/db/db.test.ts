import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { decryptV2 } from '../../shared/jot-crypto.ts';
import { ensureFirstAdmin } from '../modules/users/first-admin.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { affiliateProducts, banners, blogCategories, blogPosts, blogTags, buildGuids, campaigns, faqs, jots, pages, testimonials, users } from './schema.ts';
import { DEMO_BLOG_POSTS } from './seed-data.ts';
import { DEMO_JOT_COUNT, seedDemoContent } from './seed.ts';

/**
 * What a migration can change: the applied-migrations table, and every column, index and constraint outside
 * PostgreSQL's own schemas.
 */
async function schemaSnapshot(database: TestDatabase) {
  const rows = async (text: string) => (await database.sql.query(text)).rows;
  const ours = "not in ('pg_catalog', 'information_schema', 'pg_toast')";
  return {
    migrations: await rows('select id, hash, created_at::text from drizzle.__drizzle_migrations order by id'),
    columns: await rows(
      `select table_schema, table_name, column_name, data_type, is_nullable, column_default
       from information_schema.columns where table_schema ${ours} order by 1, 2, 3`,
    ),
    indexes: await rows(`select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname ${ours} order by 1, 2, 3`),
    constraints: await rows(
      `select n.nspname, c.conrelid::regclass::text as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname ${ours} order by 1, 2, 3`,
    ),
  };
}

describe(`database on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('applies every migration and creates every table of the schema', async () => {
    const { rows } = await database.sql.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of ['users', 'jots', 'build_guids', 'api_clients', 'banners', 'leads', 'messages',
      'invitations', 'faqs', 'blog_posts', 'blog_categories', 'blog_tags', 'blog_ads', 'blog_post_ads', 'blog_related_posts',
      'testimonials', 'pages', 'campaigns', 'affiliate_products', 'help_config', 'auth_tokens', 'audit_log', 'captcha_uses']) {
      expect(tables).toContain(table);
    }
  });

  it('running the migrations again changes nothing', async () => {
    const before = await schemaSnapshot(database);
    expect(before.migrations.length).toBeGreaterThan(0);
    expect(before.columns.length).toBeGreaterThan(0);
    expect(before.indexes.length).toBeGreaterThan(0);
    await database.migrate();
    expect(await schemaSnapshot(database)).toEqual(before);
  });

  it('rejects a second user with the same e-mail in another case', async () => {
    await database.db.insert(users).values({ username: 'ann', email: 'Ann@Example.com', passwordHash: 'x' });
    await expect(
      database.db.insert(users).values({ username: 'ann2', email: 'ann@example.com', passwordHash: 'x' }),
    ).rejects.toThrow();
  });

  it('seeds the demo content once, however often it runs', async () => {
    await seedDemoContent(database.db);
    await seedDemoContent(database.db);
    const countOf = async (table: typeof jots | typeof blogPosts | typeof faqs | typeof banners | typeof buildGuids | typeof blogCategories | typeof blogTags) =>
      (await database.db.select({ value: count() }).from(table))[0]?.value;
    expect(await countOf(jots)).toBe(DEMO_JOT_COUNT);
    expect(await countOf(blogPosts)).toBe(6);
    expect(await countOf(banners)).toBe(1);
    expect(await countOf(buildGuids)).toBe(1);
    expect(await countOf(blogCategories)).toBe(6);
    // Every demo post's tags are in the tags table, once (the admin's Tags panel lists them).
    expect(await countOf(blogTags)).toBe(new Set(DEMO_BLOG_POSTS.flatMap((post) => post.tags)).size);
    expect(await countOf(faqs)).toBeGreaterThanOrEqual(5);
    // Issue 12: one campaign (active, with landing content) and one active affiliate product.
    expect(await database.db.select({ slug: campaigns.slug, isActive: campaigns.isActive }).from(campaigns)).toEqual([{ slug: 'back-to-school', isActive: true }]);
    expect(await database.db.select({ price: affiliateProducts.price }).from(affiliateProducts)).toEqual([{ price: '109.99' }]);
    expect((await database.db.select({ value: count() }).from(testimonials))[0]?.value).toBe(3);
    expect(await database.db.select({ slug: pages.slug, isPublished: pages.isPublished }).from(pages)).toEqual([{ slug: 'security-at-jotit', isPublished: true }]);

    const posts = await database.db.select().from(blogPosts);
    const categories = new Set(posts.map((post) => post.category));
    for (const category of ['Security', 'Engineering', 'Development', 'Infrastructure', 'Industry']) expect(categories).toContain(category);
    expect(posts.every((post) => post.isPublished && post.content.length > 1500)).toBe(true);
  });

  it('seeds demo jots from the last week that really decrypt with the demo build GUID', async () => {
    const [guid] = await database.db.select().from(buildGuids);
    const rows = await database.db.select().from(jots);
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000 - 60_000;
    expect(new Set(rows.map((row) => row.senderCountry)).size).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeGreaterThan(weekAgo);
      const result = decryptV2(row.encryptedPayload, guid!.value);
      expect(result.ok && result.plaintext.text).toBe(row.jotText);
    }
  });

  it('creates the first admin once, with a generated password when none is configured', async () => {
    const first = await ensureFirstAdmin(database.db, { generateDefault: true });
    expect(first?.email).toBe('admin@jotit.local');
    expect(first?.generatedPassword).toBeTruthy();
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@jotit.local'));
    expect(admin?.isAdmin && admin.isApproved && admin.emailConfirmedAt).toBeTruthy();
    expect(admin?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, first!.generatedPassword!)).toBe(true);
    expect(await ensureFirstAdmin(database.db, { generateDefault: true })).toBeNull();
  });

  it('creates the configured admin from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const result = await ensureFirstAdmin(database.db, { adminEmail: 'boss@example.com', adminPassword: 'secret123', generateDefault: false });
    expect(result).toMatchObject({ email: 'boss@example.com', created: true });
    expect(result?.generatedPassword).toBeUndefined();
    const [boss] = await database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(await verifyPassword(boss!.passwordHash, 'secret123')).toBe(true);
  });
});

/**
 * Revisions and safe concurrent editing of pages and campaigns (issue 39 §1–§2, decision 0080), through HTTP, one
 * table for both: every save stores a revision and a restore brings an old one back as a new save (the audit names
 * it); a content change with a stale or missing version is a 409 naming who saved, two saves of one version never
 * both pass, publishing alone needs no version; autosave never changes the live document; a revision of another
 * document is a 404; only content managers read or write a history.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestStaffs, type TestUser } from '../../../tests/fixtures/users.ts';
import type { RevisionList, RevisionSummary } from '../../shared/schemas/revisions.ts';
import { auditLog, campaigns, pages, revisions } from '../db/schema.ts';

const usernameOf = (user: TestUser) => user.email.split('@')[0]!;

interface Document {
  id: number;
  version: number;
  slug: string;
  [field: string]: unknown;
}

/** What differs between the two kinds of document: their path, their fields and how the public sees them. */
const KINDS = [
  {
    name: 'page',
    base: '/api/pages',
    audit: 'page',
    /** The text field a revision keeps, its name in a revision's `fields`, and the flag a list switches alone. */
    text: 'content',
    create: { title: 'About us', content: 'The quick brown fox', is_published: true },
    flag: { is_published: false },
    publicText: (slug: string) => `/api/pages/${slug}`,
  },
  {
    name: 'campaign',
    base: '/api/campaigns',
    audit: 'campaign',
    text: 'landingPageContent',
    create: { name: 'Spring sale', landing_page_content: 'The quick brown fox', is_active: true },
    flag: { is_active: false },
    publicText: (slug: string) => `/api/campaigns/${slug}`,
  },
] as const;

describe(`page and campaign revisions on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let editor: TestUser;
  let otherEditor: TestUser;
  let author: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [editor, otherEditor, author] = await createTestStaffs(testApp.app, 'editor', 'editor', 'author');
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    const { db } = testApp.app.services.database;
    await db.delete(pages);
    await db.delete(campaigns);
    await db.delete(revisions);
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
    testApp.app.inject({ method, url, headers, payload: payload as object });

  for (const kind of KINDS) {
    describe(kind.name, () => {
      const create = async (fields: Record<string, unknown> = {}) => {
        const response = await inject('POST', kind.base, editor.headers, { ...kind.create, ...fields });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Document>();
      };
      const save = async (by: TestUser, id: number, changes: Record<string, unknown>) => {
        const response = await inject('PATCH', `${kind.base}/${id}`, by.headers, changes);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Document>();
      };
      const history = async (id: number) => {
        const response = await inject('GET', `${kind.base}/${id}/revisions`, editor.headers);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<RevisionList>().items;
      };
      const revisionText = async (id: number, revisionId: number) => {
        const response = await inject('GET', `${kind.base}/${id}/revisions/${revisionId}`, editor.headers);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ fields: Record<string, unknown> }>().fields[kind.text];
      };

      it('stores a revision per save; restoring the first is a new save, nothing is lost, the audit names both', async () => {
        const document = await create();
        expect(document.version).toBe(1);
        const second = await save(editor, document.id, { [kind.text]: 'The slow brown fox', version: 1 });
        const third = await save(otherEditor, document.id, { [kind.text]: 'The slow red fox jumps', version: second.version });
        expect(third.version).toBe(3);

        const items = await history(document.id);
        expect(items.map((item) => [item.documentType, item.kind, item.version, item.createdByName])).toEqual([
          [kind.name, 'save', 3, usernameOf(otherEditor)],
          [kind.name, 'save', 2, usernameOf(editor)],
          [kind.name, 'publish', 1, usernameOf(editor)],
        ]);
        const first = items[2]!;
        expect(await revisionText(document.id, first.id)).toBe('The quick brown fox');

        const restore = await inject('POST', `${kind.base}/${document.id}/revisions/${first.id}/restore`, editor.headers, { version: 3 });
        expect(restore.statusCode, restore.body).toBe(200);
        expect(restore.json<Document>()).toMatchObject({ [kind.text]: 'The quick brown fox', version: 4 });
        const after = await history(document.id);
        expect(after[0]).toMatchObject({ kind: 'restore', version: 4, restoredFrom: first.id, published: true });
        expect(await revisionText(document.id, after[1]!.id)).toBe('The slow red fox jumps');

        const entries = await testApp.app.services.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, kind.audit), eq(auditLog.entityId, String(document.id))));
        expect(entries.find((entry) => entry.action === `${kind.audit}.restore`)?.details).toMatchObject({ revisionId: after[0]!.id, restoredFrom: first.id });
        const created = entries.find((entry) => entry.action === `${kind.audit}.create`);
        expect(created?.details).toMatchObject({ revisionId: first.id });
      });

      it('a content change with a stale or missing version is a 409 naming who saved; nothing is written; switching alone needs none', async () => {
        const document = await create();
        await save(editor, document.id, { [kind.text]: 'Editor one', version: 1 });

        const stale = await inject('PATCH', `${kind.base}/${document.id}`, otherEditor.headers, { [kind.text]: 'Editor two', version: 1 });
        expect(stale.statusCode).toBe(409);
        const body = stale.json<{ error: string; details: Array<{ field: string }>; conflict: { savedBy: string; savedAt: string; version: number } }>();
        expect(body.error).toMatch(new RegExp(`^${usernameOf(editor)} saved this ${kind.name} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC since you opened it$`));
        expect(body.details[0]).toMatchObject({ field: 'version' });
        expect(body.conflict).toMatchObject({ savedBy: usernameOf(editor), version: 2 });

        const missing = await inject('PATCH', `${kind.base}/${document.id}`, otherEditor.headers, { [kind.text]: 'Editor two' });
        expect(missing.statusCode).toBe(409);
        expect(missing.json()).toMatchObject({ error: 'Send the version you read: someone else may have saved since' });
        expect(await history(document.id)).toHaveLength(2);

        // The list's switch sends no version: it changes no content, and still moves the version on.
        const switched = await save(otherEditor, document.id, kind.flag);
        expect(switched).toMatchObject({ [kind.text]: 'Editor one', version: 3 });
        // "Overwrite": the version the 409 named is stale now too; the one the switch answered goes through.
        expect((await inject('PATCH', `${kind.base}/${document.id}`, otherEditor.headers, { [kind.text]: 'Editor two', version: 2 })).statusCode).toBe(409);
        expect((await save(otherEditor, document.id, { [kind.text]: 'Editor two', version: 3 })).version).toBe(4);
        // A body with nothing to change is no save: the version stays, so no open editor is told someone saved.
        expect((await save(editor, document.id, {})).version).toBe(4);
        expect(await history(document.id)).toHaveLength(4);
      });

      it('two saves of one version at once: one passes, the other is a 409, never both', async () => {
        const document = await create();
        const answers = await Promise.all(
          ['Left', 'Right'].map((text, index) =>
            inject('PATCH', `${kind.base}/${document.id}`, (index === 0 ? editor : otherEditor).headers, { [kind.text]: text, version: 1 }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const winner = answers.find((answer) => answer.statusCode === 200)!.json<Document>();
        expect(winner.version).toBe(2);
        expect((await history(document.id)).map((item) => item.version)).toEqual([2, 1]);
      });

      it('autosave stores a draft revision and never changes the live document', async () => {
        const document = await create();
        const autosave = await inject('POST', `${kind.base}/${document.id}/autosave`, editor.headers, { [kind.text]: 'Unsaved words', version: 1 });
        expect(autosave.statusCode, autosave.body).toBe(201);
        expect(autosave.json<RevisionSummary>()).toMatchObject({ kind: 'autosave', version: 1, published: false });

        const admin = (await inject('GET', `${kind.base}/${document.id}`, editor.headers)).json<Document>();
        expect(admin).toMatchObject({ [kind.text]: 'The quick brown fox', version: 1 });
        const visitor = await inject('GET', kind.publicText(document.slug), {});
        expect(visitor.statusCode, visitor.body).toBe(200);
        expect(visitor.body).toContain('quick brown fox');
        expect(visitor.body).not.toContain('Unsaved words');
        const [latest] = await history(document.id);
        expect(await revisionText(document.id, latest!.id)).toBe('Unsaved words');
        // An autosave is not a save: the next save still names version 1.
        expect((await save(editor, document.id, { [kind.text]: 'Saved words', version: 1 })).version).toBe(2);
      });

      it('a revision of another document is a 404, an unknown document a 404, and only content managers may use a history', async () => {
        const mine = await create({ slug: `${kind.name}-one` });
        const theirs = await create({ slug: `${kind.name}-two` });
        const [theirRevision] = await history(theirs.id);
        const other = KINDS.find((each) => each !== kind)!;
        const [otherKindRevision] = await (async () => {
          const response = await inject('POST', other.base, editor.headers, other.create);
          const created = response.json<Document>();
          return (await inject('GET', `${other.base}/${created.id}/revisions`, editor.headers)).json<RevisionList>().items;
        })();
        for (const revisionId of [theirRevision!.id, otherKindRevision!.id, 999_999_999]) {
          expect((await inject('GET', `${kind.base}/${mine.id}/revisions/${revisionId}`, editor.headers)).statusCode).toBe(404);
          const restore = await inject('POST', `${kind.base}/${mine.id}/revisions/${revisionId}/restore`, editor.headers, { version: 1 });
          expect(restore.statusCode).toBe(404);
        }
        expect((await inject('GET', `${kind.base}/999999/revisions`, editor.headers)).statusCode).toBe(404);
        expect((await inject('POST', `${kind.base}/999999/autosave`, editor.headers, { [kind.text]: 'x' })).statusCode).toBe(404);
        expect((await inject('GET', `${kind.base}/abc/revisions`, editor.headers)).statusCode).toBe(400);

        for (const headers of [author.headers, {}]) {
          const status = headers === author.headers ? 403 : 401;
          expect((await inject('GET', `${kind.base}/${mine.id}/revisions`, headers)).statusCode).toBe(status);
          expect((await inject('GET', `${kind.base}/${mine.id}/revisions/${theirRevision!.id}`, headers)).statusCode).toBe(status);
          expect((await inject('POST', `${kind.base}/${mine.id}/revisions/${theirRevision!.id}/restore`, headers, { version: 1 })).statusCode).toBe(status);
          expect((await inject('POST', `${kind.base}/${mine.id}/autosave`, headers, { [kind.text]: 'x', version: 1 })).statusCode).toBe(status);
        }
        expect(await history(mine.id)).toHaveLength(1);
      });

      it('never answers a 5xx whatever the autosave text, the version or the ids', async () => {
        const document = await create();
        await fc.assert(
          fc.asyncProperty(fc.string({ maxLength: 300 }), fc.anything(), fc.string({ maxLength: 40 }), async (text, version, revisionId) => {
            const autosave = await inject('POST', `${kind.base}/${document.id}/autosave`, editor.headers, { [kind.text]: text, version });
            expect(autosave.statusCode).toBeLessThan(500);
            const saveAnswer = await inject('PATCH', `${kind.base}/${document.id}`, editor.headers, { [kind.text]: text, version });
            expect(saveAnswer.statusCode).toBeLessThan(500);
            const read = await inject('GET', `${kind.base}/${document.id}/revisions/${encodeURIComponent(revisionId)}`, editor.headers);
            expect([200, 400, 404]).toContain(read.statusCode);
          }),
          { numRuns: 25 },
        );
      });
    });
  }
});

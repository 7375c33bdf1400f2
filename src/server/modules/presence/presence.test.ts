/**
 * Presence (issue 39 §2, decision 0081) over real HTTP: an editor's stream lists who has the document open, and
 * hears it when a second person opens it and when they leave; two tabs of one person count once; documents do not
 * hear each other; who may not read the document is refused (401, 403, or 404 for an author on another's post), also
 * after the stream opened: a role taken away, a session ended or the document deleted ends it at the next heartbeat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../../tests/fixtures/event-stream.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaffs, type TestUser } from '../../../../tests/fixtures/users.ts';
import { blogCategories } from '../../db/schema.ts';
import type { PresentEditor } from './hub.ts';

const HEARTBEAT_MS = 200;
const usernameOf = (user: TestUser) => user.email.split('@')[0]!;
const namesOf = (editors: PresentEditor[]) => editors.map((editor) => editor.name);

describe(`presence on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let baseUrl: string;
  let editor: TestUser;
  let otherEditor: TestUser;
  let author: TestUser;
  let otherAuthor: TestUser;
  const open: Array<{ close(): void }> = [];

  beforeAll(async () => {
    // A short heartbeat: access is asked again at each one.
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', SSE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
    [editor, otherEditor, author, otherAuthor] = await createTestStaffs(testApp.app, 'editor', 'editor', 'author', 'author');
    await testApp.app.services.database.db.insert(blogCategories).values({ name: 'General', slug: 'general' });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await testApp?.close();
  });

  /** A presence stream as `user` (anonymous without one), its events read as they come. */
  const watch = async (url: string, user?: TestUser) => {
    const stream = await openEventStream<{ editors: PresentEditor[] }>(`${baseUrl}${url}`, 'presence', user?.headers);
    open.push(stream);
    return {
      status: stream.response.statusCode ?? 0,
      lists: stream.events,
      ended: stream.ended,
      /** Waits until the newest list names `names`, in order. */
      until: async (names: string[]) => {
        await expect.poll(() => namesOf(stream.events.at(-1)?.editors ?? []), { timeout: 10_000 }).toEqual(names);
        return stream.events.at(-1)!.editors;
      },
      close: stream.close,
    };
  };

  const create = async (by: TestUser, url: string, body: object) => {
    const response = await testApp.app.inject({ method: 'POST', url, headers: by.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number | string }>().id;
  };

  it('lists who has a page open: a second editor joins, a second tab counts once, leaving is heard', async () => {
    const pageId = await create(editor, '/api/pages', { title: 'Presence page' });
    const otherPageId = await create(editor, '/api/pages', { title: 'Another page' });
    const first = await watch(`/api/pages/${pageId}/presence`, editor);
    expect(first.status).toBe(200);
    await first.until([usernameOf(editor)]);
    const elsewhere = await watch(`/api/pages/${otherPageId}/presence`, otherEditor);
    await elsewhere.until([usernameOf(otherEditor)]);

    const second = await watch(`/api/pages/${pageId}/presence`, otherEditor);
    const both = [usernameOf(editor), usernameOf(otherEditor)];
    expect((await second.until(both)).map((each) => each.userId)).toEqual([editor.id, otherEditor.id]);
    await first.until(both);
    const secondTab = await watch(`/api/pages/${pageId}/presence`, otherEditor);
    await secondTab.until(both);

    // One of their two tabs closes: the others hear it, and they are still both there.
    const heard = first.lists.length;
    second.close();
    await expect.poll(() => first.lists.length).toBeGreaterThan(heard);
    expect(namesOf(first.lists.at(-1)!.editors)).toEqual(both);
    secondTab.close();
    await first.until([usernameOf(editor)]);
    // The other page never heard of this one.
    await elsewhere.until([usernameOf(otherEditor)]);
    expect(testApp.app.presence.editorsOf(`page:${pageId}`).map((each) => each.name)).toEqual([usernameOf(editor)]);
    first.close();
    elsewhere.close();
    await expect.poll(() => testApp.app.presence.editorsOf(`page:${pageId}`)).toEqual([]);
  });

  it('ends an open stream at the next heartbeat when its reader may no longer read the document', async () => {
    const [demoted, signedOut, stays] = await createTestStaffs(testApp.app, 'editor', 'editor', 'editor');
    const pageId = await create(editor, '/api/pages', { title: 'Watched page' });
    const otherPageId = await create(editor, '/api/pages', { title: 'Deleted page' });
    const [demotedStream, signedOutStream, staysStream, deletedStream] = await Promise.all([
      watch(`/api/pages/${pageId}/presence`, demoted),
      watch(`/api/pages/${pageId}/presence`, signedOut),
      watch(`/api/pages/${pageId}/presence`, stays),
      watch(`/api/pages/${otherPageId}/presence`, stays),
    ]);
    const namesOn = (topic: string) => testApp.app.presence.editorsOf(topic).map((each) => each.name).sort();
    await expect.poll(() => namesOn(`page:${pageId}`)).toEqual([demoted, signedOut, stays].map(usernameOf).sort());

    // A role taken away (as an admin's change of role does), a session ended, a document deleted.
    await testApp.app.services.database.sql.query(`update users set role = 'user' where id = $1`, [demoted.id]);
    const ended = await testApp.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${signedOut.sessionId}`, headers: signedOut.headers });
    expect(ended.statusCode, ended.body).toBe(204);
    const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/pages/${otherPageId}`, headers: editor.headers });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await Promise.all([demotedStream.ended, signedOutStream.ended, deletedStream.ended]);
    // They left the list; the reader still allowed was asked at the same heartbeats and still hears who comes.
    await staysStream.until([usernameOf(stays)]);
    const newcomer = await watch(`/api/pages/${pageId}/presence`, editor);
    await staysStream.until([usernameOf(stays), usernameOf(editor)]);
    newcomer.close();
    staysStream.close();
  });

  it('refuses who may not read the document, and answers 404 for what does not exist', async () => {
    const pageId = await create(editor, '/api/pages', { title: 'Refused page' });
    const campaignId = await create(editor, '/api/campaigns', { name: 'Refused campaign' });
    const theirPost = await create(otherAuthor, '/api/blog-posts', { title: 'Their draft', content: 'Words', category: 'General' });
    const myPost = await create(author, '/api/blog-posts', { title: 'My draft', content: 'Words', category: 'General' });

    const statuses = async (url: string, user?: TestUser) => {
      const stream = await watch(url, user);
      stream.close();
      return stream.status;
    };
    expect(await statuses(`/api/pages/${pageId}/presence`)).toBe(401);
    expect(await statuses(`/api/pages/${pageId}/presence`, author)).toBe(403);
    expect(await statuses(`/api/campaigns/${campaignId}/presence`, author)).toBe(403);
    expect(await statuses(`/api/campaigns/${campaignId}/presence`, editor)).toBe(200);
    expect(await statuses('/api/pages/999999/presence', editor)).toBe(404);
    expect(await statuses('/api/pages/abc/presence', editor)).toBe(400);
    expect(await statuses(`/api/blog-posts/${theirPost}/presence`, author)).toBe(404);
    expect(await statuses(`/api/blog-posts/${myPost}/presence`, author)).toBe(200);
    expect(await statuses(`/api/blog-posts/${theirPost}/presence`, editor)).toBe(200);

    // A post's id in capitals is the same post, so the same editors.
    const lower = await watch(`/api/blog-posts/${myPost}/presence`, author);
    const upper = await watch(`/api/blog-posts/${String(myPost).toUpperCase()}/presence`, editor);
    expect(upper.status).toBe(200);
    await lower.until([usernameOf(author), usernameOf(editor)]);
    lower.close();
    upper.close();
  });
});

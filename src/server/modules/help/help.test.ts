import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import { videoEmbedUrl } from '../../../shared/schemas/help-config.ts';

describe('videoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://example.com/video.mp4', null],
    ['https://www.youtube.com/watch?v=<script>', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s → %s', (link, expected) => {
    expect(videoEmbedUrl(link)).toBe(expected);
  });
});

describe(`help config on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({}, (suite) => ({ testApp, admin, user } = suite));

  const read = async () => (await testApp.app.inject({ method: 'GET', url: '/api/help-config' })).json<{ config: Record<string, unknown> | null }>();

  it('is null (video coming soon) until an admin sets one, with Cache-Control and an ETag', async () => {
    expect(await read()).toEqual({ config: null });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/help-config' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const again = await testApp.app.inject({ method: 'GET', url: '/api/help-config', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses anonymous (401) and non-admin (403) changes', async () => {
    const body = { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await testApp.app.inject({ method, url: '/api/help-config', payload: method === 'PUT' ? body : undefined })).statusCode).toBe(401);
      expect(
        (await testApp.app.inject({ method, url: '/api/help-config', payload: method === 'PUT' ? body : undefined, headers: user.headers })).statusCode,
      ).toBe(403);
    }
  });

  it('accepts only YouTube or Vimeo links', async () => {
    for (const videoUrl of ['https://example.com/tutorial.mp4', '', 'ftp://youtube.com/watch?v=dQw4w9WgXcQ']) {
      const response = await testApp.app.inject({ method: 'PUT', url: '/api/help-config', payload: { videoUrl }, headers: admin.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^(Video URL must be a YouTube or Vimeo link|Video URL is required)$/);
    }
  });

  it('stores one record with its privacy-enhanced embed address; updates replace it; delete clears it', async () => {
    const put = (payload: object) => testApp.app.inject({ method: 'PUT', url: '/api/help-config', payload, headers: admin.headers });
    const first = await put({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', videoTitle: 'Getting started', videoDescription: 'Two minutes.' });
    expect(first.statusCode).toBe(200);
    expect(first.json().config).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      videoTitle: 'Getting started',
      videoDescription: 'Two minutes.',
    });
    await put({ videoUrl: 'https://vimeo.com/76979871' });
    expect((await read()).config).toMatchObject({
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
      videoTitle: null,
      videoDescription: null,
    });
    const rows = await testApp.database.sql.query<{ total: number }>('select count(*)::int as total from help_config');
    expect(rows.rows[0]?.total).toBe(1);
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/help-config', headers: admin.headers })).statusCode).toBe(204);
    expect(await read()).toEqual({ config: null });
  });

  it.each([
    [{ videoUrl: 'javascript:alert(1)' }, 'Video URL must be a YouTube or Vimeo link'],
    [{ videoUrl: 'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ' }, 'Video URL must be a YouTube or Vimeo link'],
    [{ videoUrl: 'https://www.youtube.com/watch?v=short' }, 'Video URL must be a YouTube or Vimeo link'],
    [{ videoUrl: 'https://vimeo.com/channels/staffpicks' }, 'Video URL must be a YouTube or Vimeo link'],
    [{}, 'Video URL is required'],
    [{ videoUrl: 42 }, 'Video URL is required'],
    [{ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoTitle: 'x'.repeat(201) }, 'Video title must be at most 200 characters'],
    [{ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoDescription: 'x'.repeat(1001) }, 'Video description must be at most 1000 characters'],
  ])('PUT %j → 400 %s, never 5xx', async (payload, error) => {
    const response = await testApp.app.inject({ method: 'PUT', url: '/api/help-config', payload, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('writes help_config.update and help_config.delete to the audit log', async () => {
    await testApp.app.inject({ method: 'PUT', url: '/api/help-config', payload: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }, headers: admin.headers });
    await testApp.app.inject({ method: 'DELETE', url: '/api/help-config', headers: admin.headers });
    const rows = await testApp.database.sql.query<{ action: string }>(`select action from audit_log where entity = 'help_config' order by id desc limit 2`);
    expect(rows.rows.map((row) => row.action)).toEqual(['help_config.delete', 'help_config.update']);
  });
});

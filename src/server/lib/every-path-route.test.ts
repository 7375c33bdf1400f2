/**
 * The not-found page's route found before rendering (lib/every-path-route.ts, decision 0060): the compiled patterns
 * give React Router's own answer (`matchRoutes` over the same table) for every route of the built site, with its
 * parameters, trailing slashes, other letter cases, encoded and malformed segments, and unknown paths; React
 * Router's data requests and route manifest are never the page.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_DIR } from '../plugins/ssr.ts';
import { everyPathRouteByReactRouter, everyPathRouteOf, sharedPageRouteOf } from './every-path-route.ts';

describe('the route of the page that is the same at every path', () => {
  let build: ServerBuild;
  beforeAll(async () => {
    const serverDir = path.resolve(BUILD_DIR, 'server');
    build = (await import(pathToFileURL(path.join(serverDir, 'index.js')).href)) as ServerBuild;
    // The build goes on loading its split modules once imported (src/web/lib/lazy-hydrated.ts): importing them all
    // here waits for those loads, which must not outlive this file's environment.
    const assets = readdirSync(path.join(serverDir, 'assets')).filter((file) => file.endsWith('.js'));
    await Promise.all(assets.map((file) => import(pathToFileURL(path.join(serverDir, 'assets', file)).href)));
  });

  it("answers as React Router's matchRoutes for every route of the site and for unknown paths", () => {
    const fast = everyPathRouteOf(build);
    const reactRouter = everyPathRouteByReactRouter(build);
    const routePaths = Object.values(build.routes)
      .map((route) => route?.path)
      .filter((routePath): routePath is string => typeof routePath === 'string' && routePath !== '*');
    const concrete = routePaths.map((routePath) => `/${routePath.replace(/:[\w-]+/g, 'some-value')}`);
    const paths = [
      '/',
      ...concrete,
      ...concrete.map((known) => `${known}/`),
      ...concrete.map((known) => known.toUpperCase()),
      ...concrete.map((known) => `${known}/deeper`),
      ...concrete.map((known) => `${known}x`),
      ...concrete.map((known) => known.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)),
      '/no-such-page',
      '/a/b/c',
      '//blog',
      '/blog//x',
      '/blog/%2F',
      '/blog/a%2Fb',
      '/%E0%A4%A',
      '/p/%ZZ',
      '/c/',
      '/go/',
      ...Array.from({ length: 200 }, (_, index) => `/${index.toString(36)}/${(index * 7919).toString(36)}`),
    ];
    const found = paths.map((candidate) => [candidate, fast(candidate)]);
    expect(found).toEqual(paths.map((candidate) => [candidate, reactRouter(candidate)]));
    // Both kinds are there: known paths (null) and unknown ones (the not-found route).
    expect(new Set(found.map(([, id]) => id))).toEqual(new Set([null, 'routes/not-found']));
  });

  it("never takes React Router's data requests or its route manifest for the page", () => {
    const fast = everyPathRouteOf(build);
    expect(fast('/no-such-page')).toBe('routes/not-found');
    expect(fast('/no-such-page.data')).toBeNull();
    expect(fast('/__manifest')).toBeNull();
  });
});

describe('the route of a page that may be another address\'s (decision 0077)', () => {
  let build: ServerBuild;
  beforeAll(async () => {
    build = (await import(pathToFileURL(path.resolve(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
  });

  it('finds the blog, a post and a content page with their parameters, and nothing for other routes, unknown paths or data requests', () => {
    const sharedPageRoute = sharedPageRouteOf(build);
    const found = (pathname: string) => {
      const route = sharedPageRoute(pathname);
      return route && { routeId: route.routeId, params: { ...route.params } };
    };
    expect(found('/blog')).toEqual({ routeId: 'routes/blog', params: {} });
    expect(found('/blog/')).toEqual({ routeId: 'routes/blog', params: {} });
    expect(found('/blog/a-post')).toEqual({ routeId: 'routes/blog-post', params: { slug: 'a-post' } });
    expect(found('/BLOG/%61-post')).toEqual({ routeId: 'routes/blog-post', params: { slug: 'a-post' } });
    expect(found('/p/a-page')).toEqual({ routeId: 'routes/content-page', params: { slug: 'a-page' } });
    for (const other of ['/', '/help', '/c/launch', '/blog/a/b', '/no-such-page', '/blog.data', '/blog/a-post.data']) {
      expect(found(other), other).toBeNull();
    }
  });
});

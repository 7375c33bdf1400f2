/**
 * Which route a page request will render, when that route's page is the same at every path it matches (the web's
 * not-found page, `handle.sameAtEveryPath`; decision 0060): the page cache then keeps one page for all of those
 * paths, so a flood of unknown paths is answered from memory instead of each being rendered. Data requests (`.data`)
 * and the route manifest are React Router's and never a page.
 *
 * React Router's `matchRoutes` flattens, ranks and compiles the whole route table on every call (~0.15 ms, a
 * quarter of a stored 404's CPU). For the usual case, a root splat (`*`) as the one such route, the answer is simpler:
 * the splat ranks below every other route, so a path is its page exactly when no other route's pattern matches it.
 * Those patterns are compiled once here, as React Router compiles them (`compilePath` with `end`; decoded path,
 * case-insensitive unless a route says otherwise). Any other shape falls back to `matchRoutes`.
 * every-path-route.test.ts holds both answers equal over the site's routes.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { SharedPageKey, SharedPageQuestion } from '../../shared/load-context.ts';

type ServerRoutes = ServerBuild['routes'];

function routeTree(routes: ServerRoutes, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: routeTree(routes, route!.id),
    })) as RouteObject[];
}

/** React Router's `compilePath(path, caseSensitive, end = true)`, the expression only. */
function compilePattern(path: string, caseSensitive: boolean): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match, _name: string, isOptional: string | undefined, index: number, text: string) => {
      if (!isOptional) return '/([^\\/]+)';
      const next = text.charAt(index + match.length);
      return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (path.endsWith('*')) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, caseSensitive ? undefined : 'i');
}

/** React Router's `decodePath`: each segment decoded, an encoded slash kept; a malformed one left as it came. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

interface Branch {
  routeId: string;
  fullPath: string;
  pattern: RegExp;
}

/** Every route a path can end at (React Router's branches: a path or an index), with its full pattern. */
function branchesOf(tree: RouteObject[], parentPath = '', caseSensitive = false, branches: Branch[] = []): Branch[] {
  for (const route of tree) {
    const fullPath = [parentPath, route.path ?? ''].join('/').replace(/\/\/+/g, '/');
    const sensitive = caseSensitive || route.caseSensitive === true;
    if (route.children?.length) branchesOf(route.children, fullPath, sensitive, branches);
    if (route.path == null && !route.index) continue;
    branches.push({ routeId: route.id!, fullPath, pattern: compilePattern(fullPath, sensitive) });
  }
  return branches;
}

/** `(pathname) => the id of the route whose page is the same at every path, or null` for a production build. */
export function everyPathRouteOf(build: ServerBuild): (pathname: string) => string | null {
  const everyPath = new Set(
    Object.values(build.routes)
      .filter((route) => (route?.module.handle as { sameAtEveryPath?: unknown } | undefined)?.sameAtEveryPath === true)
      .map((route) => route!.id),
  );
  if (everyPath.size === 0) return () => null;
  const tree = routeTree(build.routes, undefined);
  const basename = build.basename || '/';
  const manifestPath = build.routeDiscovery?.mode === 'lazy' ? build.routeDiscovery.manifestPath : null;
  const isOwnRequest = (pathname: string) => pathname.endsWith('.data') || (manifestPath !== null && pathname.endsWith(manifestPath));

  const branches = branchesOf(tree);
  const everyPathBranches = branches.filter((branch) => everyPath.has(branch.routeId));
  const others = branches.filter((branch) => !everyPath.has(branch.routeId));
  const rootSplat = everyPathBranches.length === 1 && everyPathBranches[0]!.fullPath === '/*' && basename === '/';
  if (rootSplat) {
    const splatId = everyPathBranches[0]!.routeId;
    return (pathname) => {
      if (isOwnRequest(pathname)) return null;
      const decoded = decodePath(pathname);
      return others.some((branch) => branch.pattern.test(decoded)) ? null : splatId;
    };
  }
  return (pathname) => {
    if (isOwnRequest(pathname)) return null;
    const id = matchRoutes(tree, pathname, basename)?.at(-1)?.route.id;
    return id && everyPath.has(id) ? id : null;
  };
}

/** React Router's own answer, for the test that holds the fast one equal to it. */
export function everyPathRouteByReactRouter(build: ServerBuild): (pathname: string) => string | null {
  const tree = routeTree(build.routes, undefined);
  return (pathname) => {
    const route = matchRoutes(tree, pathname, build.basename || '/')?.at(-1)?.route;
    const handle = route?.id ? (build.routes[route.id]?.module.handle as { sameAtEveryPath?: unknown } | undefined) : undefined;
    return handle?.sameAtEveryPath === true ? route!.id! : null;
  };
}

/** A route whose page may be another address's (`handle.sharedWith`, decision 0077), matched with its parameters. */
export interface SharedPageRoute {
  routeId: string;
  params: Readonly<Record<string, string | undefined>>;
  sharedWith(question: SharedPageQuestion): Promise<SharedPageKey | null>;
}

/**
 * `(pathname) => the route that will render this path, when its handle has sharedWith, or null` for a production
 * build. Only paths one of those routes' patterns can match ask React Router's `matchRoutes` (which route wins
 * among all of them, and its parameters): the other misses cost one test of a compiled pattern or two.
 */
export function sharedPageRouteOf(build: ServerBuild): (pathname: string) => SharedPageRoute | null {
  type Handle = { sharedWith?: SharedPageRoute['sharedWith'] } | undefined;
  const sharedWithOf = (routeId: string) => (build.routes[routeId]?.module.handle as Handle)?.sharedWith;
  const tree = routeTree(build.routes, undefined);
  const basename = build.basename || '/';
  const candidates = branchesOf(tree).filter((branch) => typeof sharedWithOf(branch.routeId) === 'function');
  if (candidates.length === 0) return () => null;
  return (pathname) => {
    if (pathname.endsWith('.data')) return null;
    const decoded = decodePath(pathname);
    if (!candidates.some((branch) => branch.pattern.test(decoded))) return null;
    const match = matchRoutes(tree, pathname, basename)?.at(-1);
    const sharedWith = match?.route.id ? sharedWithOf(match.route.id) : undefined;
    if (!match || !sharedWith) return null;
    return { routeId: match.route.id!, params: match.params, sharedWith };
  };
}

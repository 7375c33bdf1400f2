/**
 * Which route a page request will render, when that route's page is the same at every path it matches (the web's
 * not-found page, `handle.sameAtEveryPath`; decision 0060): the page cache then keeps one page for all of those
 * paths, so a flood of unknown paths is answered from memory instead of each being rendered. Matched with React
 * Router's own `matchRoutes` over the build's route table, as its request handler matches them; data requests
 * (`.data`) and the route manifest are React Router's and never a page.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

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
  return (pathname) => {
    if (pathname.endsWith('.data') || (manifestPath && pathname.endsWith(manifestPath))) return null;
    const matches = matchRoutes(tree, pathname, basename);
    const id = matches?.at(-1)?.route.id;
    return id && everyPath.has(id) ? id : null;
  };
}

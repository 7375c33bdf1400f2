import type { JotItLoadContext } from '../shared/load-context';

declare module 'react-router' {
  // The server's load context (src/server/plugins/ssr.ts) as every loader sees it.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends JotItLoadContext {}
}

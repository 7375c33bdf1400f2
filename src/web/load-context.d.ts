import type { JotItLoadContext } from '../shared/load-context';

declare module 'react-router' {
  // The server's load context (src/server/plugins/ssr.ts) as every loader sees it.
  interface AppLoadContext extends JotItLoadContext {}
}

import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  // JOTIT_BUILD_DIR lets several working copies of the team build side by side; default build/.
  buildDirectory: process.env.JOTIT_BUILD_DIR ?? 'build',
  ssr: true,
  // React Router v8's behaviour now (issue 28 §5): the load context is a RouterContextProvider (plugins/ssr.ts),
  // route modules split, one Vite builder for both environments, requests passed through as they came.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

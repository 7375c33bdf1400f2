import type { Plugin } from 'vite';

const FEATURE_INDEX = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/;

/**
 * Declares each feature's index.ts free of side effects in the browser build (decision 0083), as a library's
 * package.json `"sideEffects": false` does: a page that imports one component through a feature's index gets that
 * component and what it needs, not every screen the index also re-exports (the admin screens beside a public list).
 */
export function featureBarrels(): Plugin {
  return {
    name: 'jotit:feature-barrels',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: FEATURE_INDEX },
      handler(code) {
        return { code, moduleSideEffects: false };
      },
    },
  };
}

import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts every module the root route (the site frame, src/web/root.tsx) and the client entry import statically into
 * one chunk, `frame` (decision 0083).
 *
 * Every page loads the root route with all of its static imports, so joining them costs no page a byte it would not
 * have loaded. Left to itself, the bundler cuts them by which routes also import each piece (an icon shared with
 * three pages, a helper shared with ten), and every public page then preloads dozens of 1 KB chunks: on HTTP/1.1,
 * six at a time, ahead of the stylesheet and the first paint.
 */
export function frameChunk(): Plugin {
  const frameModules = new Set<string>();
  const isFrameEntry = (id: string) => {
    const file = id.split('?')[0]!;
    return file.endsWith(`${path.sep}src${path.sep}web${path.sep}root.tsx`) || file.endsWith(`${path.sep}src${path.sep}web${path.sep}entry.client.tsx`);
  };
  return {
    name: 'jotit:frame-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      // Static imports only: what the frame loads later (split components, the toaster, the drawer) stays split.
      const pending = [...this.getModuleIds()].filter(isFrameEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (frameModules.has(id)) continue;
        frameModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: { groups: [{ name: 'frame', test: (id: string) => frameModules.has(id) && !id.includes(`${path.sep}node_modules${path.sep}`) }] },
      };
    },
  };
}

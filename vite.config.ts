import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkModulesReport } from './scripts/vite/chunk-modules-report.ts';
import { featureBarrels } from './scripts/vite/feature-barrels.ts';
import { frameChunk } from './scripts/vite/frame-chunk.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), featureBarrels(), frameChunk(), chunkModulesReport(process.env.JOTIT_BUILD_DIR ?? 'build')],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src/web') } },
  build: {
    sourcemap: false,
    // The largest chunk is the admin's Markdown editor (CodeMirror, ~620 kB, loaded on the editor screens only); the
    // public pages keep their own budget (home JS ≤ 150 KB gzip). Above this, a build warns (issue 28 §5).
    chunkSizeWarningLimit: 700,
    // Rolldown's plugin-timing report only measures how busy the machine is (shared CI cores), not the app.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // The server build takes only the icons, components and date helpers the pages use, instead of loading the
  // whole libraries at start-up (lucide-react alone: ~38 MB RSS; decision 0014).
  ssr: { noExternal: ['lucide-react', 'date-fns', 'radix-ui', 'react-day-picker'] },
});

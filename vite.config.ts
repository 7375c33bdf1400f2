import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src/web') } },
  build: { sourcemap: false },
  // The server build takes only the icons, components and date helpers the pages use, instead of loading the
  // whole libraries at start-up (lucide-react alone: ~38 MB RSS; decision 0014).
  ssr: { noExternal: ['lucide-react', 'date-fns', 'radix-ui', 'react-day-picker'] },
});

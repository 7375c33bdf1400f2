// Preloaded by `npm start` (package.json config.nodeFlags, `--import`): stack traces of the server's own code
// point at its TypeScript sources, while the source maps that packages ship are left alone. `--enable-source-maps`
// parsed and kept every package's map as well, about 20 MB of heap at rest (decision 0060).
import module from 'node:module';

if (typeof module.setSourceMapsSupport === 'function') module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);

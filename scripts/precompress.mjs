// After `react-router build`: writes .br and .gz beside each built asset (best compression, done once), so
// @fastify/static serves them pre-compressed instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', process.env.JOTIT_BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map)$/;

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry) && statSync(file).size > 512) {
      const content = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}
walk(root);

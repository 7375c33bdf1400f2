// `npm run db:seed`: adds the demo content (idempotent) to DATABASE_URL (or the embedded database).
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoContent } from '../src/server/db/seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
await seedDemoContent(database.db);
await database.close();
console.log(`Demo content is in place (${database.kind}).`);

// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database).
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);

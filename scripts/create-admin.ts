// `npm run create-admin -- --email admin@example.com --password '…'`: creates or promotes an admin.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../src/shared/constants.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { upsertAdmin } from '../src/server/modules/users/first-admin.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const input = z
  .object({
    email: z.string({ message: '--email is required' }).email('--email must be an e-mail address'),
    password: z
      .string({ message: '--password is required' })
      .min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((issue) => issue.message).join('\n'));
  console.error("Usage: npm run create-admin -- --email admin@example.com --password 'a-strong-password'");
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
const result = await upsertAdmin(database.db, input.data.email, input.data.password);
await database.close();
console.log(result.created ? `Admin ${result.email} created.` : `${result.email} is now an admin with the new password.`);

/**
 * The anchor of the read benchmarks: a bare Fastify (no plugins, no hooks) answering the same JSON as the app's
 * `GET /api/jots/count` and anonymous `GET /api/jots?limit=10`, serialised per request as Fastify does by default;
 * and the HTTP floor of ingestion: `POST /api/v2/jots` parsing the same JSON body and answering 201 with a body
 * shaped like the app's (no database). With DECRYPT_KEY it also decrypts the payload once, as the app must: issue 35
 * sets a jot's CPU budget at twice "a bare Fastify POST + one decrypt" (`npm run bench:ingest`).
 * Env: COUNT_JSON, LIST_JSON, DECRYPT_KEY. Prints `listening <port>`.
 */
import Fastify from 'fastify';
import { openV2Envelope } from '../src/shared/jot-crypto.ts';

const count: unknown = JSON.parse(process.env.COUNT_JSON ?? '{"count":0}');
const list: unknown = JSON.parse(process.env.LIST_JSON ?? '[]');
const decryptKey = process.env.DECRYPT_KEY;

const app = Fastify({ logger: false });
app.get('/api/jots/count', async () => count);
app.get('/api/jots', async () => list);
let id = 0;
app.post('/api/v2/jots', async (request, reply) => {
  id += 1;
  const body = request.body as { payload?: unknown };
  if (typeof body?.payload !== 'string') return reply.status(400).send({ error: 'payload is required' });
  if (decryptKey && !openV2Envelope(body.payload)?.decrypt(decryptKey).ok) return reply.status(400).send({ error: 'Invalid payload' });
  return reply.status(201).header('Cache-Control', 'no-store').send({ id, message: 'Jot created' });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

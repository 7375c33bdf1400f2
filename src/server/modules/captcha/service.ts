/**
 * ALTCHA proof-of-work captcha (docs/architecture.md §5): signed challenges that expire after 5 minutes, and solutions
 * accepted once across all instances (their use is recorded in `captcha_uses`).
 *
 * Format: altcha-lib v2 challenges (`{ parameters, signature }`), the format the `altcha` 3.x widget solves.
 * We use its deterministic mode: the server picks the secret counter in [0, maxNumber] and publishes half of
 * the key it derives, so the client must try on average maxNumber / 2 SHA-256 hashes — the same cost model as
 * ALTCHA v1's `maxNumber`, which keeps CAPTCHA_MAX_NUMBER meaningful.
 */
import { createHash, createHmac } from 'node:crypto';
import { type ChallengeParameters, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { captchaUses } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { networkOf } from '../../lib/client-network.ts';

export const CAPTCHA_ERROR = 'Please complete the CAPTCHA verification';
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const ALGORITHM = 'SHA-256';
// One SHA-256 per counter tried: the work is set by the counter range, not by iterations.
const COST = 1;
// A real payload is well under 1 KB; anything far bigger is not worth parsing.
const MAX_PAYLOAD_LENGTH = 4096;
const CLEANUP_INTERVAL_MS = 60 * 1000;
/**
 * Issue 23 §7: every FAILURES_PER_STEP failed sign-ins from one network (IPv4 address or IPv6 /64) within
 * FAILURE_WINDOW_MS make its challenges DIFFICULTY_STEP times harder, at most MAX_STEPS times (×64: a captcha
 * that takes ~70 ms at the default takes seconds). Kept in memory per instance, bounded.
 */
export const FAILURES_PER_STEP = 3;
export const DIFFICULTY_STEP = 4;
const MAX_STEPS = 3;
const FAILURE_WINDOW_MS = 60 * 60 * 1000;
const MAX_TRACKED_NETWORKS = 50_000;
const MAX_DIFFICULTY = 10_000_000;

/** altcha-lib's `Challenge` as plain JSON (`{ parameters, signature }`): what the endpoint sends. */
export type CaptchaChallenge = { parameters: ChallengeParameters & { [key: string]: unknown }; signature?: string };

export interface CaptchaService {
  /** A fresh signed challenge, as JSON the `<altcha-widget>` accepts, as hard as `difficultyFor(ipAddress)`. */
  createChallenge(ipAddress?: string | null): Promise<CaptchaChallenge>;
  /** The counter range for a challenge to this address: CAPTCHA_MAX_NUMBER, raised after failed sign-ins. */
  difficultyFor(ipAddress?: string | null): number;
  /** A sign-in from this address failed: its next challenges get harder (issue 23 §7). */
  noteFailedSignIn(ipAddress: string | null): void;
  /** True once per solved challenge: valid signature, not expired, correct solution, never seen before. */
  verify(payload: string | undefined | null): Promise<boolean>;
}

export interface CaptchaServiceOptions {
  db: Database;
  /** The app's master secret (config.jwtSecret); the HMAC keys are derived from it. */
  secret: string;
  /** Upper bound of the secret counter: the client's work is about maxNumber / 2 hashes. */
  maxNumber: number;
  /** The clock, for tests that need a challenge issued in the past. */
  now?: () => number;
}

const hex = z.string().regex(/^(?:[0-9a-f]{2})+$/);

// Only the shape this server issues; altcha-lib then checks the signature over `parameters`.
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex,
      keySignature: hex,
      expiresAt: z.number().positive(),
    }),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

/** HMAC-SHA256(masterSecret, label): each use gets its own key, and none is a constant (docs/architecture.md §6). */
function deriveSecret(masterSecret: string, label: string): string {
  return createHmac('sha256', masterSecret).update(label).digest('hex');
}

function decodePayload(payload: string): z.infer<typeof PayloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createCaptchaService(options: CaptchaServiceOptions): CaptchaService {
  const { db, maxNumber } = options;
  const now = options.now ?? Date.now;
  const hmacSignatureSecret = deriveSecret(options.secret, 'altcha:signature');
  // Signs the expected key, so verifying costs one HMAC instead of re-deriving the key.
  const hmacKeySignatureSecret = deriveSecret(options.secret, 'altcha:key-signature');
  let lastCleanup = 0;
  const failures = new Map<string, { count: number; since: number }>();

  const recentFailures = (network: string | null): number => {
    const entry = network ? failures.get(network) : undefined;
    if (!entry) return 0;
    if (now() - entry.since > FAILURE_WINDOW_MS) {
      failures.delete(network!);
      return 0;
    }
    return entry.count;
  };

  const difficultyFor = (ipAddress?: string | null): number => {
    const steps = Math.min(Math.floor(recentFailures(ipAddress ? networkOf(ipAddress) : null) / FAILURES_PER_STEP), MAX_STEPS);
    return Math.min(maxNumber * DIFFICULTY_STEP ** steps, Math.max(maxNumber, MAX_DIFFICULTY));
  };

  /** Expired uses can never match again (their challenge is rejected as expired first), so drop them now and then. */
  async function deleteExpiredUses(): Promise<void> {
    if (now() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now();
    await db
      .delete(captchaUses)
      .where(lt(captchaUses.expiresAt, new Date(now())))
      .catch(() => {});
  }

  return {
    difficultyFor,

    noteFailedSignIn(ipAddress) {
      const network = ipAddress ? networkOf(ipAddress) : null;
      if (!network) return;
      const count = recentFailures(network);
      // A flood of addresses must not grow the map without end: start over (the per-IP rate limits still hold).
      if (count === 0 && failures.size >= MAX_TRACKED_NETWORKS) failures.clear();
      failures.set(network, { count: count + 1, since: count === 0 ? now() : failures.get(network)!.since });
    },

    async createChallenge(ipAddress) {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(difficultyFor(ipAddress), 0),
        deriveKey,
        expiresAt: new Date(now() + CAPTCHA_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },

    async verify(payload) {
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > MAX_PAYLOAD_LENGTH) return false;
      const decoded = decodePayload(payload);
      if (!decoded) return false;
      const { challenge, solution } = decoded;

      let verified = false;
      try {
        const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
        verified = result.verified;
      } catch {
        // altcha-lib throws on some malformed input (an unknown algorithm, a bad hex string): not a solution.
        return false;
      }
      if (!verified) return false;

      // Atomic single use: of two concurrent submissions of one solution only one inserts the row.
      const signatureHash = createHash('sha256').update(challenge.signature).digest('hex');
      const inserted = await db
        .insert(captchaUses)
        .values({ signatureHash, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signatureHash: captchaUses.signatureHash });
      await deleteExpiredUses();
      return inserted.length === 1;
    },
  };
}

/** Throws the 400 of docs/architecture.md §6 unless the payload is a valid, unused solution. */
export async function assertCaptcha(service: CaptchaService, payload: string | undefined | null): Promise<void> {
  if (!(await service.verify(payload))) throw badRequest(CAPTCHA_ERROR);
}

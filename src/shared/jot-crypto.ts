/**
 * The jot encryption protocol: the contract between the desktop app and the server.
 * docs/api.md is the developer-facing description; keep the two in step.
 *
 * Legacy / v1: payload = Base64(IV ‖ AES-256-CBC-PKCS7(K, P)), K = SHA-256(UTF-8(key value)).
 * v2:          payload = Base64(JSON { v: 2, kid, iv, ct, mac }) with encrypt-then-MAC under
 *              keys derived from K by HMAC-SHA256 with fixed labels.
 *
 * Every decryption failure, whatever its cause (bad Base64, bad padding, bad MAC, bad UTF-8,
 * bad JSON, schema violation), collapses to the same `{ ok: false }` so that callers cannot
 * leak a padding oracle through distinguishable errors.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { JotPlaintextSchema, type JotPlaintext, type JotPlaintextInput } from './schemas/jot-plaintext.ts';
import { INVALID_PAYLOAD_MESSAGE } from './schemas/jots.ts';

export const INVALID_PAYLOAD_ERROR = INVALID_PAYLOAD_MESSAGE;
export const EMPTY_PAYLOAD_ERROR = 'Encrypted payload is required';

export type DecryptResult = { ok: true; plaintext: JotPlaintext } | { ok: false };

const CIPHER = 'aes-256-cbc';
const IV_BYTES = 16;
const BLOCK_BYTES = 16;
const MAC_BYTES = 32;
const V2_ENC_LABEL = 'jot:v2:enc';
const V2_MAC_LABEL = 'jot:v2:mac';
const V2_ENVELOPE_KEYS = ['v', 'kid', 'iv', 'ct', 'mac'] as const;

// fatal: invalid UTF-8 is an error rather than being silently replaced with U+FFFD.
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function fail(): { ok: false } {
  return { ok: false };
}

// Canonical standard Base64 with padding. Buffer.from(x, 'base64') silently skips junk and accepts URL-safe
// characters and missing padding, but Buffer#toString('base64') only ever writes the canonical form: a value that
// survives the round trip unchanged is canonical (no junk, no URL-safe characters, padding present, zero trailing
// bits: "QR==" comes back as "QQ=="). One comparison instead of a regular expression per field (a hot path).
function decodeBase64Strict(value: string): Buffer | null {
  if (typeof value !== 'string') return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.toString('base64') === value ? bytes : null;
}

function checkIv(iv: Buffer): void {
  if (iv.length !== IV_BYTES) throw new RangeError(`IV must be ${IV_BYTES} bytes, got ${iv.length}`);
}

function hmacSha256(key: Buffer | KeyObject, message: string | Buffer): Buffer {
  return createHmac('sha256', key).update(message).digest();
}

function aesEncrypt(key: Buffer | KeyObject, iv: Buffer, plaintext: Buffer): Buffer {
  const cipher = createCipheriv(CIPHER, key, iv);
  return Buffer.concat([cipher.update(plaintext), cipher.final()]);
}

/** Throws on bad padding (caught by the callers, which turn it into `{ ok: false }`). */
function aesDecrypt(key: Buffer | KeyObject, iv: Buffer, ciphertext: Buffer): Buffer {
  const decipher = createDecipheriv(CIPHER, key, iv);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** The object is serialised as given (key order preserved); it is deliberately not validated here so tests can build invalid payloads. */
function serialisePlaintext(plaintext: JotPlaintextInput): Buffer {
  return Buffer.from(JSON.stringify(plaintext), 'utf8');
}

/** Throws on anything that is not strict UTF-8 JSON; returns null when the JSON does not match the schema. */
function parsePlaintext(bytes: Buffer): JotPlaintext | null {
  const value: unknown = JSON.parse(utf8Strict.decode(bytes));
  const parsed = JotPlaintextSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** K = SHA-256(UTF-8(value)): the 32-byte AES-256 key of a build GUID. */
export function deriveKey(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

// KeyObjects, not Buffers: Node checks and copies a Buffer key on every createHmac/createDecipheriv (about 16 µs
// each here, a third of a jot's decryption; decision 0046).
type V2Keys = { enc: KeyObject; mac: KeyObject };

// Derived keys by build GUID value: a hash and two HMACs per jot otherwise. There are few build GUIDs; the bound
// only keeps a caller that tries many values (tests) from growing it without end.
const v2KeyCache = new Map<string, V2Keys>();
const V2_KEY_CACHE_MAX = 64;

function deriveV2Keys(keyValue: string): V2Keys {
  let keys = v2KeyCache.get(keyValue);
  if (!keys) {
    // Separate encryption and MAC keys so the same K is never used for two primitives.
    const k = deriveKey(keyValue);
    keys = { enc: createSecretKey(hmacSha256(k, V2_ENC_LABEL)), mac: createSecretKey(hmacSha256(k, V2_MAC_LABEL)) };
    if (v2KeyCache.size >= V2_KEY_CACHE_MAX) v2KeyCache.clear();
    v2KeyCache.set(keyValue, keys);
  }
  return keys;
}

// "2." + kid + "." + iv + "." + ct. Unambiguous even if kid contains ".", because the Base64
// strings iv and ct never do: the last two dots always delimit iv and ct.
function v2MacInput(kid: string, iv: string, ct: string): string {
  return `2.${kid}.${iv}.${ct}`;
}

// ---------------------------------------------------------------------------------------------
// Legacy / v1
// ---------------------------------------------------------------------------------------------

/** Legacy / v1 payload: Base64(IV ‖ AES-256-CBC-PKCS7(K, UTF-8(JSON.stringify(plaintext)))). */
export function encryptLegacy(plaintext: JotPlaintextInput, keyValue: string, iv: Buffer = randomBytes(IV_BYTES)): string {
  checkIv(iv);
  const ct = aesEncrypt(deriveKey(keyValue), iv, serialisePlaintext(plaintext));
  return Buffer.concat([iv, ct]).toString('base64');
}

/** v1 (`POST /api/v1/jots`) uses exactly the legacy format. */
export const encryptV1 = encryptLegacy;

/** Splits a legacy payload into IV and ciphertext, or null if it cannot be one. */
function decodeLegacy(payload: string): { iv: Buffer; ct: Buffer } | null {
  const bytes = decodeBase64Strict(payload);
  // IV plus at least one block, and whole blocks only (PKCS#7 always pads to a block boundary).
  if (!bytes || bytes.length < IV_BYTES + BLOCK_BYTES || (bytes.length - IV_BYTES) % BLOCK_BYTES !== 0) return null;
  return { iv: bytes.subarray(0, IV_BYTES), ct: bytes.subarray(IV_BYTES) };
}

function tryLegacyKey(parts: { iv: Buffer; ct: Buffer }, keyValue: string): JotPlaintext | null {
  try {
    return parsePlaintext(aesDecrypt(deriveKey(keyValue), parts.iv, parts.ct));
  } catch {
    return null;
  }
}

/** Decrypts a legacy / v1 payload with one key. Never throws. */
export function decryptLegacy(payload: string, keyValue: string): DecryptResult {
  try {
    const parts = decodeLegacy(payload);
    if (!parts) return fail();
    const plaintext = tryLegacyKey(parts, keyValue);
    return plaintext ? { ok: true, plaintext } : fail();
  } catch {
    return fail();
  }
}

/**
 * Decrypts a legacy / v1 payload sent without `buildGuidName`: tries the keys in the order given
 * (the caller passes build GUIDs newest first) and accepts the first one that yields valid padding
 * AND a plaintext matching the schema. Padding alone is not enough: a wrong key gives valid padding
 * about once in 256 tries. Never throws.
 */
export function decryptLegacyWithAnyKey(
  payload: string,
  keys: ReadonlyArray<{ name: string; value: string }>,
): DecryptResult & { keyName?: string } {
  try {
    const parts = decodeLegacy(payload);
    if (!parts) return fail();
    for (const key of keys) {
      const plaintext = tryLegacyKey(parts, key.value);
      if (plaintext) return { ok: true, plaintext, keyName: key.name };
    }
    return fail();
  } catch {
    return fail();
  }
}

// ---------------------------------------------------------------------------------------------
// v2 (authenticated encryption)
// ---------------------------------------------------------------------------------------------

/** v2 payload: Base64(JSON { v: 2, kid, iv, ct, mac }), encrypt-then-MAC with keys derived from K. */
export function encryptV2(plaintext: JotPlaintextInput, kid: string, keyValue: string, iv: Buffer = randomBytes(IV_BYTES)): string {
  checkIv(iv);
  if (kid.length === 0) throw new RangeError('kid must not be empty');
  const keys = deriveV2Keys(keyValue);
  const ivB64 = iv.toString('base64');
  const ctB64 = aesEncrypt(keys.enc, iv, serialisePlaintext(plaintext)).toString('base64');
  const mac = hmacSha256(keys.mac, v2MacInput(kid, ivB64, ctB64)).toString('base64');
  const envelope = { v: 2, kid, iv: ivB64, ct: ctB64, mac };
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}

interface V2Envelope {
  kid: string;
  ivB64: string;
  ctB64: string;
  iv: Buffer;
  ct: Buffer;
  mac: Buffer;
}

/** Strictly parses the outer envelope: exact key set, v === 2, canonical Base64 fields of the right sizes. Throws or returns null on anything else. */
function readV2Envelope(payload: string): V2Envelope | null {
  const outer = decodeBase64Strict(payload);
  if (!outer) return null;
  const value: unknown = JSON.parse(utf8Strict.decode(outer));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== V2_ENVELOPE_KEYS.length) return null;
  if (!V2_ENVELOPE_KEYS.every((k) => Object.hasOwn(record, k))) return null;
  const { v, kid, iv, ct, mac } = record;
  if (v !== 2 || typeof kid !== 'string' || kid.length === 0) return null;
  if (typeof iv !== 'string' || typeof ct !== 'string' || typeof mac !== 'string') return null;
  const ivBytes = decodeBase64Strict(iv);
  const ctBytes = decodeBase64Strict(ct);
  const macBytes = decodeBase64Strict(mac);
  if (!ivBytes || ivBytes.length !== IV_BYTES) return null;
  if (!ctBytes || ctBytes.length === 0 || ctBytes.length % BLOCK_BYTES !== 0) return null;
  if (!macBytes || macBytes.length !== MAC_BYTES) return null;
  return { kid, ivB64: iv, ctB64: ct, iv: ivBytes, ct: ctBytes, mac: macBytes };
}

/** A well-formed v2 envelope, read once: its key id, its MAC and the decryption with a key value. */
export interface OpenedV2Envelope {
  kid: string;
  /** Canonical Base64; binds kid, IV and ciphertext: the server's de-duplication key. */
  mac: string;
  /** Verifies the MAC with the key value, then decrypts. Never throws. */
  decrypt(keyValue: string): DecryptResult;
}

/**
 * Reads a v2 payload's envelope once, so the server can look its key up by `kid` and then decrypt without
 * decoding the payload a second time. Null when the envelope is not well formed. Never throws.
 */
export function openV2Envelope(payload: string): OpenedV2Envelope | null {
  let envelope: V2Envelope | null;
  try {
    envelope = readV2Envelope(payload);
  } catch {
    return null;
  }
  if (!envelope) return null;
  const read = envelope;
  return { kid: read.kid, mac: read.mac.toString('base64'), decrypt: (keyValue) => decryptV2Envelope(read, keyValue) };
}

/**
 * The key id of a well-formed v2 envelope (so the server can look the key up) and its MAC (canonical Base64,
 * which binds kid, IV and ciphertext: the server's de-duplication key), or null. Never throws.
 */
export function parseV2Envelope(payload: string): { kid: string; mac: string } | null {
  const opened = openV2Envelope(payload);
  return opened && { kid: opened.kid, mac: opened.mac };
}

/** Decrypts a v2 payload with the key its `kid` names. Never throws. */
export function decryptV2(payload: string, keyValue: string): DecryptResult {
  return openV2Envelope(payload)?.decrypt(keyValue) ?? fail();
}

function decryptV2Envelope(envelope: V2Envelope, keyValue: string): DecryptResult {
  try {
    const keys = deriveV2Keys(keyValue);
    const expected = hmacSha256(keys.mac, v2MacInput(envelope.kid, envelope.ivB64, envelope.ctB64));
    // The MAC is verified before any decryption so that tampered ciphertext never reaches the
    // CBC padding check (no padding oracle), and in constant time so that the comparison does not
    // reveal how many leading bytes of a forged MAC were right. timingSafeEqual throws on unequal
    // lengths, hence the explicit length check first.
    if (envelope.mac.length !== expected.length || !timingSafeEqual(envelope.mac, expected)) return fail();
    const plaintext = parsePlaintext(aesDecrypt(keys.enc, envelope.iv, envelope.ct));
    return plaintext ? { ok: true, plaintext } : fail();
  } catch {
    return fail();
  }
}

import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * The decrypted body of a jot, as sent by the desktop app (see docs/api.md).
 *
 * Lengths are counted by zod in Unicode code points (an emoji such as 🌿 is one character,
 * not two UTF-16 units). A client that limits by UTF-16 length (JavaScript `.length`, .NET
 * `string.Length`) is therefore always within these limits.
 *
 * Unknown keys are stripped rather than rejected so that a newer desktop build that adds
 * a field still gets its jot accepted by an older server.
 */
export const JotPlaintextSchema = z.object({
  text: safeString().min(1).max(10_000),
  clientId: safeString().max(200).optional(),
  appName: safeString().max(100).optional().default('JotApp'),
  windowTitle: safeString().max(500).optional(),
  appVersion: safeString().max(50).optional(),
  plugin: safeString().max(100).optional(),
});

/** A validated plaintext (`appName` filled in with its default). */
export type JotPlaintext = z.output<typeof JotPlaintextSchema>;
/** What a client may send (`appName` optional). */
export type JotPlaintextInput = z.input<typeof JotPlaintextSchema>;

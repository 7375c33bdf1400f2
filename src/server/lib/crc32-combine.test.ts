import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Append, crc32Shift } from './crc32-combine.ts';

describe('crc32Append', () => {
  it("is zlib's CRC-32 of the concatenation, whatever the pieces", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        expect(crc32Append(crc32(a), crc32(b), crc32Shift(b.length))).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 500 },
    );
  });

  it('joins many pieces of a page-sized body, empty ones included', () => {
    const pieces = [Buffer.alloc(40_000, 'x'), Buffer.from('nonce-1234567890abcdef'), Buffer.alloc(0), Buffer.alloc(25_000, 'é')];
    const joined = pieces.reduce((crc, piece) => crc32Append(crc, crc32(piece), crc32Shift(piece.length)), 0);
    expect(joined).toBe(crc32(Buffer.concat(pieces)));
  });
});

/**
 * The CRC-32 (gzip's) of a concatenation, from the CRCs of its pieces: zlib's `crc32_combine` (its `multmodp` and
 * `x2nmodp`, zlib 1.2.12), which Node does not expose. The page cache (page-cache.ts) puts each request's nonce
 * between a stored page's parts; with each part's CRC and shift computed when the page is stored, a hit costs a few
 * 32-step multiplications instead of a CRC over the whole page (~25 µs for the 65 KB home page: 9 % of the app's
 * CPU serving cached pages, `--cpu-prof` under `npm run bench`'s load).
 */

/** CRC-32's polynomial, bit-reversed. */
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the polynomial, in CRC-32's reflected bit order; a must not be 0 (no power of x is). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X_TO_TWO_TO_THE = new Uint32Array(32);
let power = 0x40000000; // x^1
X_TO_TWO_TO_THE[0] = power;
for (let k = 1; k < 32; k += 1) X_TO_TWO_TO_THE[k] = power = multiplyModP(power, power);

/** What appending `length` bytes multiplies a CRC by (x^(8·length) modulo the polynomial): pass it to crc32Append. */
export function crc32Shift(length: number): number {
  let shift = 0x80000000; // x^0
  let k = 3; // 8 bits a byte
  for (let n = length; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) shift = multiplyModP(X_TO_TWO_TO_THE[k & 31]!, shift);
  }
  return shift;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's shift (crc32Shift of B's length). */
export function crc32Append(crcOfA: number, crcOfB: number, shiftOfB: number): number {
  return (multiplyModP(shiftOfB, crcOfA) ^ crcOfB) >>> 0;
}

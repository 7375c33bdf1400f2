/**
 * A tiny MaxMind DB file for tests (format: https://maxmind.github.io/MaxMind-DB/): one IPv4 search-tree node
 * whose left half (0.0.0.0/1, which holds 127.0.0.1) points at `record` and whose right half (128.0.0.0/1) is
 * "not found". Enough to read a real file through the maxmind package without shipping a GeoLite2 download.
 */
type MmdbValue = string | number | MmdbValue[] | { [key: string]: MmdbValue };

const TYPE_UTF8 = 2;
const TYPE_MAP = 7;
const TYPE_UINT32 = 6;
const TYPE_ARRAY = 11;
const METADATA_MARKER = Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex');

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new RangeError('the test writer only encodes small values');
  // Types above 7 are "extended": type bits 0, then a byte holding type - 7.
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE_UTF8, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return Buffer.concat([control(TYPE_UINT32, 4), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(TYPE_ARRAY, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(TYPE_MAP, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

function record24(value: number): Buffer {
  return Buffer.from([(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
}

export function buildTestMmdb(record: MmdbValue): Buffer {
  const nodeCount = 1;
  const dataPointer = nodeCount + 16; // the first byte of the data section
  const tree = Buffer.concat([record24(dataPointer), record24(nodeCount)]);
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'JotIt-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'JotIt test database' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), encode(record), METADATA_MARKER, metadata]);
}

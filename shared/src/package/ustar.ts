// Plain POSIX ustar headers (512-byte blocks), encoded and decoded by hand so that the packer
// controls every byte and the validator sees every byte (no PAX or GNU extensions).
// Layout: name 0..100, mode 100, uid 108, gid 116, size 124, mtime 136, chksum 148,
// typeflag 156, linkname 157..257, magic 257 ("ustar\0"), version 263 ("00"),
// uname 265, gname 297, devmajor 329, devminor 337, prefix 345..500.

export const BLOCK_SIZE = 512;

export interface UstarEntry {
  /** The full path; directories end with `/`. */
  path: string;
  /** `0` regular file or `5` directory (the packer writes nothing else). */
  type: '0' | '5';
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

const encoder = new TextEncoder();

function writeOctal(block: Buffer, offset: number, width: number, value: number): void {
  // width - 1 octal digits then NUL, as GNU tar and node-tar write them.
  const digits = value.toString(8).padStart(width - 1, '0');
  if (digits.length > width - 1) throw new RangeError(`${value} does not fit a ${width}-byte tar field`);
  block.write(`${digits}\0`, offset, width, 'ascii');
}

/** Split a path into ustar `prefix` and `name`; undefined when it cannot fit. */
export function splitUstarPath(path: string): { prefix: string; name: string } | undefined {
  if (encoder.encode(path).byteLength <= 100) return { prefix: '', name: path };
  const trailing = path.endsWith('/') ? 1 : 0;
  for (let i = path.lastIndexOf('/', path.length - 1 - trailing); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (encoder.encode(prefix).byteLength <= 155 && encoder.encode(name).byteLength <= 100 && name !== '') {
      return { prefix, name };
    }
  }
  return undefined;
}

/** One header block, uid/gid 0 and empty user and group names. */
export function encodeUstarHeader(entry: UstarEntry): Buffer {
  const split = splitUstarPath(entry.path);
  if (!split) throw new RangeError(`the path is too long for a ustar header: ${entry.path}`);
  const block = Buffer.alloc(BLOCK_SIZE);
  block.write(split.name, 0, 100, 'utf8');
  writeOctal(block, 100, 8, entry.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.size);
  writeOctal(block, 136, 12, entry.mtime);
  block.write(entry.type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  writeOctal(block, 329, 8, 0);
  writeOctal(block, 337, 8, 0);
  block.write(split.prefix, 345, 155, 'utf8');
  writeChecksum(block);
  return block;
}

/** Fill the checksum field (six octal digits, NUL, space), computed with the field as spaces. */
export function writeChecksum(block: Buffer): void {
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
}

export interface RawUstarHeader {
  /** Raw bytes of `prefix` + `/` + `name` (or `name` alone), before decoding. */
  pathBytes: Uint8Array;
  /** True when a NUL byte is followed by other bytes inside the name or prefix field. */
  nulInPath: boolean;
  linkpathBytes: Uint8Array;
  /** `ustar` (POSIX), `gnu` (GNU tar's "ustar  " magic, no prefix field) or `none`. */
  format: 'ustar' | 'gnu' | 'none';
  typeflag: string;
  mode: number | undefined;
  size: number | undefined;
  checksumValid: boolean;
}

/** A field up to its first NUL, and whether non-NUL bytes follow that NUL. */
function field(block: Uint8Array, offset: number, width: number): { bytes: Uint8Array; nulInside: boolean } {
  const raw = block.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  if (end === -1) return { bytes: raw, nulInside: false };
  return { bytes: raw.subarray(0, end), nulInside: raw.subarray(end).some((b) => b !== 0) };
}

function readOctal(block: Uint8Array, offset: number, width: number): number | undefined {
  const text = Buffer.from(field(block, offset, width).bytes)
    .toString('latin1')
    .trim();
  if (!/^[0-7]{1,12}$/.test(text)) return undefined;
  return Number.parseInt(text, 8);
}

export function isZeroBlock(block: Uint8Array): boolean {
  return block.every((b) => b === 0);
}

/** Decode one header block without interpreting it (the validator judges it). */
export function decodeUstarHeader(block: Uint8Array): RawUstarHeader {
  const name = field(block, 0, 100);
  const magic = Buffer.from(block.subarray(257, 265)).toString('latin1');
  // POSIX ustar has a prefix field; the GNU format ("ustar  \0") uses those bytes for other data.
  const prefix =
    magic === 'ustar\u000000' ? field(block, 345, 155) : { bytes: new Uint8Array(0), nulInside: false };
  const pathBytes =
    prefix.bytes.byteLength > 0
      ? Buffer.concat([prefix.bytes, Buffer.from('/'), name.bytes])
      : Buffer.from(name.bytes);
  let sum = 0;
  for (let i = 0; i < BLOCK_SIZE; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  const typeByte = block[156] ?? 0;
  return {
    pathBytes,
    nulInPath: name.nulInside || prefix.nulInside,
    linkpathBytes: field(block, 157, 100).bytes,
    format: magic === 'ustar\u000000' ? 'ustar' : magic === 'ustar  \u0000' ? 'gnu' : 'none',
    typeflag: typeByte === 0 ? '0' : String.fromCharCode(typeByte),
    mode: readOctal(block, 100, 8),
    size: readOctal(block, 124, 12),
    checksumValid: readOctal(block, 148, 8) === sum,
  };
}

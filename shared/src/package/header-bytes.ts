// What node-tar's Header decodes leniently, read strictly from the raw 512-byte block: its path
// fields stop at the first NUL and turn invalid UTF-8 into U+FFFD, its numbers take any leading
// octal digits, it accepts pre-POSIX headers without a magic, and it reads a directory's size as
// 0 whatever the field says. The reader (docs/package-format.md, Archive rules) refuses all of
// these, so it checks them here. Offsets: name 0..100, mode 100, size 124, chksum 148,
// typeflag 156, magic 257, prefix 345..500.

export const BLOCK_SIZE = 512;

export interface HeaderBytes {
  /** `ustar` (POSIX), `gnu` (GNU tar's "ustar  " magic, no prefix field) or `none`. */
  format: 'ustar' | 'gnu' | 'none';
  /** Raw bytes of `prefix` + `/` + `name` (or `name` alone), before decoding. */
  pathBytes: Uint8Array;
  /** True when a NUL byte is followed by other bytes inside the name or prefix field. */
  nulInPath: boolean;
  /** The typeflag character (`0` for a NUL typeflag). */
  typeflag: string;
  /** Strict octal fields: undefined unless the field holds octal digits only. */
  mode: number | undefined;
  size: number | undefined;
  /** The checksum of the block as it is (with the checksum field counted as spaces). */
  checksum: number;
}

/** A field up to its first NUL, and whether non-NUL bytes follow that NUL. */
function field(block: Uint8Array, offset: number, width: number): { bytes: Uint8Array; nulInside: boolean } {
  const raw = block.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  if (end === -1) return { bytes: raw, nulInside: false };
  return { bytes: raw.subarray(0, end), nulInside: raw.subarray(end).some((b) => b !== 0) };
}

function strictOctal(block: Uint8Array, offset: number, width: number): number | undefined {
  const text = Buffer.from(field(block, offset, width).bytes)
    .toString('latin1')
    .trim();
  return /^[0-7]{1,12}$/.test(text) ? Number.parseInt(text, 8) : undefined;
}

export function readHeaderBytes(block: Uint8Array): HeaderBytes {
  const magic = Buffer.from(block.subarray(257, 265)).toString('latin1');
  const format = magic === 'ustar\u000000' ? 'ustar' : magic === 'ustar  \u0000' ? 'gnu' : 'none';
  const name = field(block, 0, 100);
  // Only POSIX ustar has a prefix field; the GNU format uses those bytes for other data.
  const prefix = format === 'ustar' ? field(block, 345, 155) : { bytes: new Uint8Array(0), nulInside: false };
  const pathBytes =
    prefix.bytes.byteLength > 0
      ? Buffer.concat([prefix.bytes, Buffer.from('/'), name.bytes])
      : Buffer.from(name.bytes);
  let checksum = 0;
  for (let i = 0; i < BLOCK_SIZE; i++) checksum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  const typeByte = block[156] ?? 0;
  return {
    format,
    pathBytes,
    nulInPath: name.nulInside || prefix.nulInside,
    typeflag: typeByte === 0 ? '0' : String.fromCharCode(typeByte),
    mode: strictOctal(block, 100, 8),
    size: strictOctal(block, 124, 12),
    checksum,
  };
}

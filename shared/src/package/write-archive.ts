// The deterministic archive writer: plain ustar entries sorted by path (each directory before
// its contents), a fixed mtime, uid/gid 0, empty user and group names, modes 0644/0755, no
// extended headers; then gzip at level 9 with mtime 0, XFL 2 and OS byte 3 (Unix) forced.
import { constants, gzipSync } from 'node:zlib';
import { BLOCK_SIZE, encodeUstarHeader } from './ustar.js';

/** 1985-10-26T08:15:00Z, the fixed mtime of every entry (npm uses the same instant). */
export const FIXED_MTIME_SECONDS = 499162500;
/** RFC 1952 OS byte written into every archive: 3 (Unix). */
export const GZIP_OS_BYTE = 3;
/** RFC 1952 XFL byte for level 9 ("maximum compression"), as zlib writes it. */
export const GZIP_XFL_BYTE = 2;

export interface ArchiveInputFile {
  /** A relative POSIX path. */
  path: string;
  data: Uint8Array;
  executable: boolean;
}

const utf8 = new TextEncoder();

function compareBytes(a: string, b: string): number {
  return Buffer.compare(utf8.encode(a), utf8.encode(b));
}

/** The uncompressed tar stream of the files, with entries for their parent directories. */
export function writeTar(files: readonly ArchiveInputFile[]): Buffer {
  const directories = new Set<string>();
  for (const file of files) {
    const parts = file.path.split('/');
    for (let i = 1; i < parts.length; i++) directories.add(`${parts.slice(0, i).join('/')}/`);
  }
  const entries = [
    ...[...directories].map((path) => ({ path, file: undefined })),
    ...files.map((file) => ({ path: file.path, file })),
  ].sort((a, b) => compareBytes(a.path, b.path));
  const chunks: Buffer[] = [];
  for (const { path, file } of entries) {
    if (!file) {
      chunks.push(encodeUstarHeader({ path, type: '5', mode: 0o755, size: 0, mtime: FIXED_MTIME_SECONDS }));
      continue;
    }
    const size = file.data.byteLength;
    const mode = file.executable ? 0o755 : 0o644;
    chunks.push(encodeUstarHeader({ path, type: '0', mode, size, mtime: FIXED_MTIME_SECONDS }));
    chunks.push(Buffer.from(file.data.buffer, file.data.byteOffset, size));
    const padding = (BLOCK_SIZE - (size % BLOCK_SIZE)) % BLOCK_SIZE;
    if (padding > 0) chunks.push(Buffer.alloc(padding));
  }
  chunks.push(Buffer.alloc(2 * BLOCK_SIZE));
  return Buffer.concat(chunks);
}

/** gzip with fixed parameters and a header that depends on nothing but the input. */
export function gzipDeterministic(data: Uint8Array): Buffer {
  const gz = gzipSync(data, {
    level: 9,
    memLevel: 9,
    windowBits: 15,
    strategy: constants.Z_DEFAULT_STRATEGY,
  });
  // Header: ID1 ID2 CM FLG MTIME(4) XFL OS. zlib writes FLG 0 (no name, no header CRC).
  gz.writeUInt32LE(0, 4);
  gz[8] = GZIP_XFL_BYTE;
  gz[9] = GZIP_OS_BYTE;
  return gz;
}

/** The deterministic `.tar.gz` bytes of the files. */
export function writeArchive(files: readonly ArchiveInputFile[]): Buffer {
  return gzipDeterministic(writeTar(files));
}

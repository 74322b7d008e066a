// The deterministic archive writer: node-tar's packer over in-memory entries sorted by path (each
// directory before its contents), a fixed mtime, modes 0644/0755, no owner, group or other time,
// no extended headers; then gzip at level 9 with mtime 0, XFL 2 and OS byte 3 (Unix) forced
// (docs/package-format.md, Determinism).
import { constants, gzipSync } from 'node:zlib';
import { Header } from 'tar/header';
import { PackSync } from 'tar/pack';
import { ReadEntry } from 'tar/read-entry';
import type { WriteEntry } from 'tar/write-entry';
import { InvalidPackageError, PROBLEM_CODES as C, problem } from './problems.js';

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
const NO_DATA = Buffer.alloc(0);

function compareBytes(a: string, b: string): number {
  return Buffer.compare(utf8.encode(a), utf8.encode(b));
}

/** The files and their parent directories (`a/`), sorted by the UTF-8 bytes of their paths. */
function archiveEntries(files: readonly ArchiveInputFile[]): { path: string; file?: ArchiveInputFile }[] {
  const directories = new Set<string>();
  for (const file of files) {
    const parts = file.path.split('/');
    for (let i = 1; i < parts.length; i++) directories.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [
    ...[...directories].map((path) => ({ path })),
    ...files.map((file) => ({ path: file.path, file })),
  ].sort((a, b) => compareBytes(a.path, b.path));
}

const withoutSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * The uncompressed tar stream of the files, with entries for their parent directories.
 * Throws InvalidPackageError for a path that a plain ustar header cannot hold.
 */
export function writeTar(files: readonly ArchiveInputFile[]): Buffer {
  // Not `portable`: node-tar then leaves a directory's mtime empty (`tar -tv` shows 1970). The
  // entries carry no uid, gid, user or group name, atime or ctime, so the headers hold no more
  // than portable ones. No PAX headers: a path that does not fit is refused below.
  const written: WriteEntry[] = [];
  const pack = new PackSync({
    mtime: new Date(FIXED_MTIME_SECONDS * 1000),
    noPax: true,
    strict: true,
    onWriteEntry: (entry) => written.push(entry),
  });
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (const { path, file } of archiveEntries(files)) {
    const data = file ? Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) : NO_DATA;
    const mode = !file || file.executable ? 0o755 : 0o644;
    const type = file ? 'File' : 'Directory';
    const entry = new ReadEntry(new Header({ path, type, mode, size: data.byteLength }));
    pack.add(entry);
    entry.end(data);
  }
  pack.end();
  const unfit = written.filter((entry) => {
    const stored = entry.header?.block && new Header(entry.header.block).path;
    return stored === undefined || withoutSlash(stored) !== withoutSlash(entry.path);
  });
  if (unfit.length > 0) {
    const message =
      'the path does not fit a plain ustar header (a name of at most 100 bytes after a prefix of at most 155)';
    throw new InvalidPackageError(unfit.map((entry) => problem(entry.path, C.PATH_INVALID, message)));
  }
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

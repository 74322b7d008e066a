// Safe, in-memory decoding of a package archive: gunzip with a hard output cap (a gzip bomb
// stops at the cap), then node-tar's parser over the tar bytes (./tar-walk.ts), with every strict
// check on top of the headers it reads. Nothing is written to disk. Fatal problems (bad gzip,
// bomb, broken tar structure) stop decoding; entry problems are collected, so that the caller
// reports every problem at once.
import { isUtf8 } from 'node:buffer';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { collisionKey, entryPathProblem } from './entry-path.js';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, type ProblemCode, PROBLEM_CODES as C, problem } from './problems.js';
import { type TarEntry, walkTar } from './tar-walk.js';

const gunzipAsync = promisify(gunzip);
/**
 * Output buffer per zlib call. The default (16 KiB) costs a thread-pool round trip and a buffer
 * for every 16 KiB of output: about 9 ms for a 1 MiB package against 4 ms with 256 KiB.
 */
const GUNZIP_CHUNK_BYTES = 256 * 1024;
/**
 * Up to this compressed size the archive is gunzipped with a blocking call: a small package's
 * inflate takes less than the thread-pool round trip, and deflate's ratio (at most about 1,000:1)
 * bounds what a hostile archive this small can make the call inflate before the cap stops it.
 */
const BLOCKING_GUNZIP_BYTES = 8 * 1024;

/** A regular file of the package, held in memory. */
export interface PackageFile {
  path: string;
  data: Buffer;
  /** Normalised: 0o755 when the owner may execute it, else 0o644. */
  mode: 0o644 | 0o755;
}

export interface ReadArchiveResult {
  /** Regular files with acceptable paths, in archive order. */
  files: PackageFile[];
  problems: Problem[];
  /** True when decoding stopped: `files` is then incomplete. */
  fatal: boolean;
}

/** Entry types that are refused with their own code, by node-tar's name for them. */
const ENTRY_TYPE_PROBLEMS = new Map<string, { code: ProblemCode; what: string }>([
  ['Link', { code: C.HARD_LINK, what: 'a hard link' }],
  ['SymbolicLink', { code: C.SYMLINK, what: 'a symbolic link' }],
  ['CharacterDevice', { code: C.DEVICE, what: 'a character device' }],
  ['BlockDevice', { code: C.DEVICE, what: 'a block device' }],
  ['FIFO', { code: C.FIFO, what: 'a FIFO' }],
  ['ExtendedHeader', { code: C.EXTENDED_HEADER, what: 'a PAX extended header' }],
  ['GlobalExtendedHeader', { code: C.EXTENDED_HEADER, what: 'a PAX global header' }],
  ['OldExtendedHeader', { code: C.EXTENDED_HEADER, what: 'a Solaris extended header' }],
  ['NextFileHasLongPath', { code: C.EXTENDED_HEADER, what: 'a GNU long-name header' }],
  ['NextFileHasLongLinkpath', { code: C.EXTENDED_HEADER, what: 'a GNU long-link header' }],
  ['OldGnuLongPath', { code: C.EXTENDED_HEADER, what: 'an old GNU long-name header' }],
]);

export async function gunzipCapped(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ ok: true; tar: Buffer } | { ok: false; problem: Problem }> {
  if (bytes.byteLength < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    return { ok: false, problem: problem('', C.ARCHIVE_NOT_GZIP, 'the archive is not gzip-compressed') };
  }
  try {
    const options = { maxOutputLength: maxBytes, chunkSize: GUNZIP_CHUNK_BYTES };
    const tar =
      bytes.byteLength <= BLOCKING_GUNZIP_BYTES
        ? gunzipSync(bytes, options)
        : await gunzipAsync(bytes, options);
    return { ok: true, tar };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      return {
        ok: false,
        problem: problem(
          '',
          C.DECOMPRESSED_TOO_LARGE,
          `the archive decompresses to more than ${maxBytes} bytes`,
        ),
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: problem('', C.ARCHIVE_NOT_GZIP, `the gzip stream is corrupt: ${reason}`) };
  }
}

/** Decode the archive bytes into files and problems. */
export async function readArchive(bytes: Uint8Array, limits = PACKAGE_LIMITS): Promise<ReadArchiveResult> {
  if (bytes.byteLength > limits.maxCompressedBytes) {
    const message = `the archive is ${bytes.byteLength} bytes; the limit is ${limits.maxCompressedBytes} (5 MB)`;
    return { files: [], problems: [problem('', C.ARCHIVE_TOO_LARGE, message)], fatal: true };
  }
  const unzipped = await gunzipCapped(bytes, limits.maxDecompressedBytes);
  if (!unzipped.ok) return { files: [], problems: [unzipped.problem], fatal: true };
  return readTar(unzipped.tar, limits);
}

interface SeenEntry {
  path: string;
  key: string;
  directory: boolean;
}

interface ReadState {
  files: PackageFile[];
  problems: Problem[];
  seen: SeenEntry[];
  fileCount: number;
  directoryCount: number;
}

function readTar(tar: Buffer, limits: typeof PACKAGE_LIMITS): ReadArchiveResult {
  const state: ReadState = { files: [], problems: [], seen: [], fileCount: 0, directoryCount: 0 };
  const broken = walkTar(tar, (entry) => readEntry(entry, state, limits));
  const { files, problems } = state;
  if (broken !== undefined) {
    return { files, problems: [...problems, problem('', C.ARCHIVE_MALFORMED, broken)], fatal: true };
  }
  problems.push(...pathClashes(state.seen));
  return { files, problems, fatal: false };
}

/** Count the entry, then keep it as a file or record why it is refused. */
function readEntry({ header, raw, data }: TarEntry, state: ReadState, limits: typeof PACKAGE_LIMITS): void {
  // node-tar's reading of the path has a U+FFFD for each invalid byte: judge the raw bytes.
  if (!isUtf8(raw.pathBytes)) {
    const shown = Buffer.from(raw.pathBytes).toString('latin1');
    state.problems.push(problem(shown, C.PATH_INVALID, 'the path is not valid UTF-8'));
    return;
  }
  const path = header.path ?? '';
  const directory = header.type === 'Directory';
  if (directory) state.directoryCount++;
  else state.fileCount++;
  if (state.fileCount === limits.maxFiles + 1) {
    state.problems.push(
      problem('', C.TOO_MANY_FILES, `the archive holds more than ${limits.maxFiles} files`),
    );
  }
  if (state.directoryCount === limits.maxDirectories + 1) {
    const message = `the archive holds more than ${limits.maxDirectories} directories`;
    state.problems.push(problem('', C.TOO_MANY_FILES, message));
  }
  const bare = directory && path.endsWith('/') ? path.slice(0, -1) : path;
  state.seen.push({ path: bare, key: collisionKey(bare), directory });

  const refused = entryProblem(path, { header, raw, data }, limits);
  if (refused) state.problems.push(refused);
  else if (!directory) state.files.push({ path, data, mode: (header.mode ?? 0) & 0o100 ? 0o755 : 0o644 });
}

/** Why an entry is not a file or directory the package may hold, if it is not. */
function entryProblem(
  path: string,
  { header, raw }: TarEntry,
  limits: typeof PACKAGE_LIMITS,
): Problem | undefined {
  if (raw.nulInPath) {
    return problem(path, C.PATH_NUL, `the path field of ${JSON.stringify(path)} contains a NUL byte`);
  }
  const typeProblem = ENTRY_TYPE_PROBLEMS.get(header.type);
  if (typeProblem) {
    const link = header.type === 'Link' || header.type === 'SymbolicLink';
    const to = link ? ` to ${JSON.stringify(header.linkpath ?? '')}` : '';
    const message = `${typeProblem.what}${to} is not allowed; packages hold only files and directories`;
    return problem(path, typeProblem.code, message);
  }
  const directory = header.type === 'Directory';
  if (header.type !== 'File' && !directory) {
    const message = `the entry type "${raw.typeflag}" is not allowed; packages hold only files and directories`;
    return problem(path, C.UNSUPPORTED_ENTRY_TYPE, message);
  }
  const pathProblem = entryPathProblem(path, directory);
  if (pathProblem) return pathProblem;
  const size = header.size ?? 0;
  if (!directory && size > limits.maxFileBytes) {
    return problem(path, C.FILE_TOO_LARGE, `the file is ${size} bytes; the limit is ${limits.maxFileBytes}`);
  }
  return undefined;
}

/** Duplicates, Unicode or case collisions, and paths below a non-directory. */
function pathClashes(seen: readonly SeenEntry[]): Problem[] {
  const problems: Problem[] = [];
  const exact = new Set<string>();
  const byKey = new Map<string, string>();
  const nonDirectoryKeys = new Set(seen.filter((e) => !e.directory).map((e) => e.key));
  for (const entry of seen) {
    const earlier = byKey.get(entry.key);
    if (exact.has(entry.path)) {
      problems.push(
        problem(
          entry.path,
          C.PATH_DUPLICATE,
          `the path ${JSON.stringify(entry.path)} appears more than once`,
        ),
      );
    } else if (earlier !== undefined) {
      const message = `${JSON.stringify(entry.path)} and ${JSON.stringify(earlier)} are the same path after Unicode normalisation or case folding`;
      problems.push(problem(entry.path, C.PATH_COLLISION, message));
    }
    exact.add(entry.path);
    if (earlier === undefined) byKey.set(entry.key, entry.path);
    const parts = entry.key.split('/');
    for (let i = 1; i < parts.length; i++) {
      const ancestor = parts.slice(0, i).join('/');
      if (nonDirectoryKeys.has(ancestor)) {
        problems.push(
          problem(
            entry.path,
            C.PATH_CONFLICT,
            `${JSON.stringify(entry.path)} lies below ${JSON.stringify(ancestor)}, which is not a directory`,
          ),
        );
        break;
      }
    }
  }
  return problems;
}

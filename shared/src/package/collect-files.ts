// Walking a package directory for packing, with lstat only: hidden entries (any name starting
// with ".") and node_modules are skipped without being entered; a symlink anywhere, or any
// special file, is a problem. Archives at the package root (`*.tar.gz`, `*.tgz`: what
// `pkg pack` writes into the current directory) are skipped too, so that packing again is stable. Limits are checked while walking, so a huge tree stops early.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, PROBLEM_CODES as C, problem } from './problems.js';

export interface CollectedFile {
  /** Relative POSIX path inside the package (NFC). */
  path: string;
  absolute: string;
  executable: boolean;
  size: number;
}

export interface CollectResult {
  files: CollectedFile[];
  /** Top-most hidden or node_modules paths, and archives at the root, that were left out. */
  skipped: string[];
  problems: Problem[];
}

export async function collectFiles(root: string, limits = PACKAGE_LIMITS): Promise<CollectResult> {
  const result: CollectResult = { files: [], skipped: [], problems: [] };
  let totalBytes = 0;
  let stopped = false;
  const stop = (p: Problem) => {
    result.problems.push(p);
    stopped = true;
  };

  async function walk(relative: string): Promise<void> {
    const names = (await readdir(join(root, relative))).sort();
    for (const name of names) {
      if (stopped) return;
      const path = (relative ? `${relative}/${name}` : name).normalize('NFC');
      const archiveAtRoot = relative === '' && /\.(tar\.gz|tgz)$/i.test(name);
      if (name.startsWith('.') || name.toLowerCase() === 'node_modules' || archiveAtRoot) {
        result.skipped.push(path);
        continue;
      }
      const absolute = join(root, relative, name);
      const stats = await lstat(absolute);
      if (stats.isSymbolicLink()) {
        result.problems.push(problem(path, C.SYMLINK, 'symbolic links are not allowed in a package'));
      } else if (stats.isDirectory()) {
        await walk(relative ? `${relative}/${name}` : name);
      } else if (stats.isFile()) {
        if (result.files.length >= limits.maxFiles) {
          stop(problem('', C.TOO_MANY_FILES, `the package holds more than ${limits.maxFiles} files`));
        } else if (stats.size > limits.maxFileBytes) {
          result.problems.push(
            problem(
              path,
              C.FILE_TOO_LARGE,
              `the file is ${stats.size} bytes; the limit is ${limits.maxFileBytes}`,
            ),
          );
        } else if ((totalBytes += stats.size) > limits.maxDecompressedBytes) {
          stop(
            problem(
              '',
              C.DECOMPRESSED_TOO_LARGE,
              `the package content passes ${limits.maxDecompressedBytes} bytes`,
            ),
          );
        } else {
          result.files.push({ path, absolute, executable: (stats.mode & 0o100) !== 0, size: stats.size });
        }
      } else if (stats.isFIFO()) {
        result.problems.push(problem(path, C.FIFO, 'a FIFO is not allowed in a package'));
      } else if (stats.isCharacterDevice() || stats.isBlockDevice()) {
        result.problems.push(problem(path, C.DEVICE, 'a device file is not allowed in a package'));
      } else {
        result.problems.push(
          problem(path, C.UNSUPPORTED_ENTRY_TYPE, 'only regular files and directories can be packed'),
        );
      }
    }
  }

  await walk('');
  return result;
}

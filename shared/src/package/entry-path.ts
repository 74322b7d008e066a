// The rules for a path inside a package archive: relative, portable, no traversal, nothing
// hidden, no node_modules. One problem per path, the most serious first.
import { hasControlCharacter } from '../schemas/one-line.js';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, PROBLEM_CODES as C, problem } from './problems.js';

/** The problem with an entry path (directories may end with `/`), or undefined when it is fine. */
export function entryPathProblem(path: string, isDirectory: boolean): Problem | undefined {
  const shown = JSON.stringify(path);
  if (path === '') return problem(path, C.PATH_INVALID, 'an entry has an empty path');
  if (path.startsWith('/'))
    return problem(path, C.PATH_ABSOLUTE, `the absolute path ${shown} is not allowed`);
  if (/^[A-Za-z]:/.test(path))
    return problem(path, C.PATH_DRIVE_LETTER, `the drive-letter path ${shown} is not allowed`);
  if (path.includes('\\')) return problem(path, C.PATH_BACKSLASH, `the path ${shown} contains a backslash`);
  const trimmed = isDirectory && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/');
  if (segments.includes('..'))
    return problem(path, C.PATH_TRAVERSAL, `the path ${shown} contains a ".." segment`);
  if (hasControlCharacter(path))
    return problem(path, C.PATH_INVALID, `the path ${shown} contains a control character`);
  if (path.includes(':')) return problem(path, C.PATH_INVALID, `the path ${shown} contains ":"`);
  if (segments.some((s) => s === '' || s === '.')) {
    return problem(path, C.PATH_INVALID, `the path ${shown} has an empty or "." segment`);
  }
  if (Buffer.byteLength(path) > PACKAGE_LIMITS.maxPathBytes) {
    return problem(path, C.PATH_INVALID, `the path is longer than ${PACKAGE_LIMITS.maxPathBytes} bytes`);
  }
  if (segments.some((s) => s.startsWith('.'))) {
    return problem(path, C.HIDDEN_FILE, `hidden files are never packed: ${shown}`);
  }
  if (segments.some((s) => s.toLowerCase() === 'node_modules')) {
    return problem(path, C.NODE_MODULES, `node_modules is never packed: ${shown}`);
  }
  return undefined;
}

/** The key under which two paths collide on a case-insensitive or normalising file system. */
export function collisionKey(path: string): string {
  return path.normalize('NFC').toLowerCase().normalize('NFC');
}

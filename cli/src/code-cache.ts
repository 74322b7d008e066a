// Loads a CommonJS bundle of dist/ through V8's code cache. Compiling dist/cli.js from source
// (parsing 0.7 MB, then each function on first call) is about a quarter of a `pkg install`; with
// the cache V8 skips both. One cache per bundle, Node version and command (each command compiles
// different functions), written once, after the command has run and succeeded (so it holds every
// function a whole run compiles), to $XDG_CACHE_HOME/pkg/v8 or ~/.cache/pkg/v8, never a shared temporary
// directory. Its name carries a digest of the bundle file's identity (device, inode, size, and the
// modification and change times in nanoseconds, from one stat), because V8 checks only a cache's
// length against the source: a bundle rewritten, copied or replaced by another build has a new
// change time, and so a new name. Hashing the bundle's 0.74 MB of text for the key instead cost
// 3 ms of every install (docs/performance.md, "Install from the lock, fifth pass"). Caches of other
// builds are removed when a new one is written. A cache V8
// rejects or that cannot be read or written is ignored: the bundle then compiles from source as
// usual. PKG_NO_CODE_CACHE=1 turns it off. (v8-compile-cache, the library for this, rewrites its whole
// cache on every run on current Node versions and keys it by the working directory for ES-module
// entries; this is the small part of it we need.)
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { userCacheDir } from './lib/paths.js';

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** At most this many caches are kept (a cache per command; typos make commands too). */
const MAX_CACHES = 40;

/** Writes `file` (temp file, then rename) and removes the caches of other builds of the bundle. */
function writeCache(file: string, bundle: string, build: string, data: Buffer): void {
  const dir = path.dirname(file);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const names = readdirSync(dir);
    for (const name of names)
      if (name.startsWith(`${bundle}-`) && !name.startsWith(`${build}-`))
        rmSync(path.join(dir, name), { force: true });
    if (names.filter((name) => name.startsWith(`${build}-`)).length >= MAX_CACHES) return;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * What names one build of a bundle file: its device, inode, size, and modification and change
 * times (nanoseconds). Any write to the file, a copy or a rename over it changes the change time,
 * which no tool can set back (unlike the modification time, which npm's tarballs fix at 1985).
 */
export function bundleIdentity(file: string): string {
  const { dev, ino, size, mtimeNs, ctimeNs } = statSync(file, { bigint: true });
  return `${dev}:${ino}:${size}:${mtimeNs}:${ctimeNs}`;
}

/** The command a command line runs, as a file-name part: its first word, or `other`. */
export function commandKey(args: readonly string[]): string {
  const word = args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '--registry');
  return word && /^[a-z]{1,20}$/.test(word) ? word : 'other';
}

/** `require(file)`, compiled with the code cache of `command` when there is a usable one. */
export function requireWithCodeCache(
  file: string,
  command: string,
  env: NodeJS.ProcessEnv = process.env,
): unknown {
  if (env.PKG_NO_CODE_CACHE === '1') return createRequire(file)(file);
  // The name first, then the text: a bundle replaced in between pairs the new text with the name
  // of a file that no longer exists, which no later run looks up; the other order would file the
  // old text under the new build's name.
  const identity = bundleIdentity(file);
  const source = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(`${process.version}\0${identity}`).digest('hex');
  const bundle = path.basename(file);
  const build = `${bundle}-${key.slice(0, 32)}`;
  const cacheFile = path.join(userCacheDir(env), 'v8', `${build}-${command}.bin`);
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData || script.cachedDataRejected) {
    // Only a run that succeeded writes the cache: one that stopped at an error (an install outside
    // a project, a refused argument) compiled only the functions on its way to the error, and its
    // cache, kept for good, would leave every later run compiling the rest from source.
    process.once('exit', (code) => {
      if (code === 0) writeCache(cacheFile, bundle, build, script.createCachedData());
    });
  }
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void;
  const module = new Module(file);
  module.filename = file;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  return module.exports;
}

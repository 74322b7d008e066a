// The runtime loader: reads an installed (or freshly extracted) package directory from disk,
// validates it with the registry's validator, compiles each tool's JSON Schemas and checks that
// every entry is an ES module file inside the package. Nothing of the package is executed here.
// `pkg run` calls it before spawning a tool; the installer calls it on the extracted temporary
// directory before moving it into place.
import fs, { constants } from 'node:fs';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Manifest } from '@pkg/shared/contract';
import { PACKAGE_LIMITS } from '@pkg/shared/contract/core';
import {
  compileJsonSchema,
  entryPathProblem,
  parseJsonFile,
  validatePackage,
  type ValidateFunction,
} from '@pkg/shared/package';
import { type CliDetail, CliError, EXIT } from '../exit.js';

export interface LoadedTool {
  name: string;
  description: string;
  /** Absolute path of the entry file (inside `dir`). */
  entry: string;
  validateInput: ValidateFunction;
  /** Undefined when the tool declares no output schema. */
  validateOutput: ValidateFunction | undefined;
  /** The schemas as the package gives them (the MCP skills server lists them unchanged). */
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown> | undefined;
}

export interface LoadedPackage {
  manifest: Manifest;
  /** The real path of the package directory. */
  dir: string;
  tools: Map<string, LoadedTool>;
}

export interface LoadOptions {
  /** When given, the package must be this one (NAME_MISMATCH / VERSION_MISMATCH otherwise). */
  expect?: { namespace: string; name: string; version?: string };
  /**
   * The files the caller validated with validatePackage and the manifest it found (an install: the
   * archive's checks). When the directory read from disk holds exactly these paths with exactly
   * these bytes, validatePackage (a function of the files alone) would find the same, and is not run
   * a second time; any other directory is validated as always (docs/performance.md, "Install from
   * the lock, fifth pass").
   */
  validated?: { files: readonly { path: string; data: Uint8Array }[]; manifest: Manifest };
}

/** Whether `files` holds exactly the paths of `validated`, each with the same bytes. */
function sameFiles(
  files: ReadonlyMap<string, Uint8Array>,
  validated: readonly { path: string; data: Uint8Array }[],
): boolean {
  if (files.size !== validated.length) return false;
  return validated.every(({ path, data }) => {
    const read = files.get(path);
    return read !== undefined && Buffer.compare(read, data) === 0;
  });
}

// node:fs's callback functions, promisified, rather than node:fs/promises, whose module (with its
// FileHandle, the directory and watcher classes and readline's interface behind them) is loaded for
// this alone in a `pkg install`: docs/performance.md, "Install from the lock, fourth pass: a
// startup snapshot, and the schemas checked once".
const lstat = promisify(fs.lstat);
const readdir = promisify(fs.readdir);
const realpath = promisify(fs.realpath);
const open = promisify(fs.open);
const readFd = promisify(fs.readFile);
const close = promisify(fs.close);

/** Reads the directory: regular files and directories only (lstat, O_NOFOLLOW), within the limits. */
async function readPackageFiles(root: string, problems: CliDetail[]): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  let total = 0;
  async function walk(relative: string): Promise<void> {
    for (const name of (await readdir(join(root, relative))).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      const absolute = join(root, path);
      const stats = await lstat(absolute);
      const pathProblem = entryPathProblem(path, stats.isDirectory());
      if (pathProblem) problems.push(pathProblem);
      if (stats.isSymbolicLink()) {
        problems.push({ path, code: 'SYMLINK', message: 'symbolic links are not allowed in a package' });
      } else if (stats.isDirectory()) {
        await walk(path);
      } else if (!stats.isFile()) {
        problems.push({
          path,
          code: 'UNSUPPORTED_ENTRY_TYPE',
          message: 'only regular files and directories may be in a package',
        });
      } else if (files.size >= PACKAGE_LIMITS.maxFiles) {
        throw tooLarge(`the package holds more than ${PACKAGE_LIMITS.maxFiles} files`, 'TOO_MANY_FILES');
      } else if (stats.size > PACKAGE_LIMITS.maxFileBytes) {
        problems.push({ path, code: 'FILE_TOO_LARGE', message: `the file is ${stats.size} bytes` });
      } else if ((total += stats.size) > PACKAGE_LIMITS.maxDecompressedBytes) {
        throw tooLarge(
          `the package passes ${PACKAGE_LIMITS.maxDecompressedBytes} bytes`,
          'DECOMPRESSED_TOO_LARGE',
        );
      } else {
        const fd = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
        try {
          files.set(path, await readFd(fd));
        } finally {
          await close(fd);
        }
      }
    }
  }
  await walk('');
  return files;
}

function tooLarge(message: string, code: string): CliError {
  return new CliError('INVALID_PACKAGE', `The installed package is invalid: ${message}.`, {
    exitCode: EXIT.invalidInput,
    details: [{ path: '', code, message }],
  });
}

function compileSchema(
  files: ReadonlyMap<string, Uint8Array>,
  path: string,
): { schema: Record<string, unknown>; validate: ValidateFunction } {
  const parsed = parseJsonFile(files.get(path) ?? new Uint8Array());
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
    throw new Error(`${path} is not a JSON object`);
  }
  const schema = parsed.value as Record<string, unknown>;
  return { schema, validate: validatorOf(schema) };
}

/**
 * The validator of a tool's schema, compiled on its first call (with the same options as the
 * package check, shared/src/package/check-tools.ts, listing every error). validatePackage has
 * checked that the schema compiles; an install, which loads the package to prove that it loads,
 * never calls the validator, and so never compiles it (docs/performance.md, "Install from the
 * lock, fourth pass: a startup snapshot, and the schemas checked once").
 */
function validatorOf(schema: Record<string, unknown>): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compileJsonSchema(structuredClone(schema));
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** The package scope of a `.js` entry: the nearest package.json inside the package must say "module". */
function entryModuleProblem(files: ReadonlyMap<string, Uint8Array>, entry: string): CliDetail | undefined {
  if (entry.endsWith('.mjs')) return undefined;
  if (!entry.endsWith('.js')) {
    return { path: entry, code: 'TOOL_ENTRY_NOT_MODULE', message: 'a tool entry is a .js or .mjs file' };
  }
  const segments = entry.split('/').slice(0, -1);
  for (let depth = segments.length; depth >= 0; depth--) {
    const candidate = [...segments.slice(0, depth), 'package.json'].join('/');
    const bytes = files.get(candidate);
    if (!bytes) continue;
    const parsed = parseJsonFile(bytes);
    const type =
      parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
        ? (parsed.value as Record<string, unknown>).type
        : undefined;
    if (type === 'module') return undefined;
    return {
      path: entry,
      code: 'TOOL_ENTRY_NOT_MODULE',
      message: `${candidate} does not declare "type": "module", so ${entry} would load as CommonJS; rename it to .mjs`,
    };
  }
  return undefined;
}

function invalid(dir: string, problems: readonly CliDetail[]): CliError {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return new CliError('INVALID_PACKAGE', `The package in ${dir} is not a valid skill package (${count}).`, {
    exitCode: EXIT.invalidInput,
    details: [...problems],
    hint: 'Reinstall the package (pkg install @<namespace>/<name>); docs/package-format.md explains every code.',
  });
}

export async function loadInstalledPackage(dir: string, options: LoadOptions = {}): Promise<LoadedPackage> {
  const stats = await lstat(dir).catch(() => undefined);
  if (!stats?.isDirectory()) {
    throw new CliError('PACKAGE_NOT_FOUND', `${dir} is not a package directory.`, { exitCode: EXIT.failure });
  }
  const root = await realpath(dir);
  const problems: CliDetail[] = [];
  const files = await readPackageFiles(root, problems);
  const { validated } = options;
  const result =
    validated && sameFiles(files, validated.files)
      ? { manifest: validated.manifest, problems: [] }
      : validatePackage(files);
  problems.push(...result.problems);
  const manifest = result.manifest;
  if (!manifest) throw invalid(dir, problems);
  const { expect } = options;
  if (expect && (expect.namespace !== manifest.namespace || expect.name !== manifest.name)) {
    problems.push({
      path: 'manifest.json#/name',
      code: 'NAME_MISMATCH',
      message: `expected @${expect.namespace}/${expect.name}, found @${manifest.namespace}/${manifest.name}`,
    });
  }
  if (expect?.version !== undefined && expect.version !== manifest.version) {
    problems.push({
      path: 'manifest.json#/version',
      code: 'VERSION_MISMATCH',
      message: `expected version ${expect.version}, found ${manifest.version}`,
    });
  }
  for (const tool of manifest.tools) {
    const problem = files.has(tool.entry) ? entryModuleProblem(files, tool.entry) : undefined;
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw invalid(dir, problems);

  const tools = new Map<string, LoadedTool>();
  for (const tool of manifest.tools) {
    const entry = join(root, ...tool.entry.split('/'));
    if (!(await realpath(entry)).startsWith(root + sep)) {
      throw invalid(dir, [{ path: tool.entry, code: 'TOOL_ENTRY_MISSING', message: 'outside the package' }]);
    }
    const input = compileSchema(files, tool.inputSchema);
    const output = tool.outputSchema === undefined ? undefined : compileSchema(files, tool.outputSchema);
    tools.set(tool.name, {
      name: tool.name,
      description: tool.description,
      entry,
      validateInput: input.validate,
      validateOutput: output?.validate,
      inputSchema: input.schema,
      outputSchema: output?.schema,
    });
  }
  return { manifest, dir: root, tools };
}

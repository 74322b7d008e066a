// What a tool can see of the disk, in both boundaries (docs/sandbox.md, "What happens on `pkg run`" and "The OS boundary on Linux"): the package,
// the bootstrap, the declared read and write paths, resolved against the project root. Before a
// run, every declared path is checked for links that leave it: a declared path that is itself a
// link, or holds a link (placed in advance, say by a cloned repository) whose target lies outside
// that declared path, stops the run. Declared paths must stay inside the project.
import { lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CliError } from '../../exit.js';
import { isWithin } from '../module-scope.js';

export interface SandboxView {
  projectDir: string;
  packageDir: string;
  bootstrap: string;
  /** `<project>/.pkg/package.json` (the ES module scope of installed packages), when present. */
  moduleScope?: string | undefined;
  /** Existing directories or files mounted read-only (a `*` pattern mounts its directory). */
  reads: string[];
  /** Existing directories or files mounted writable. */
  writes: string[];
  /** Node's permission flags: the declared paths as written (with their `*`). */
  nodeReads: string[];
  nodeWrites: string[];
  /** The proxy's socket on the host (filled in by the OS boundary). */
  proxySocket: string;
}

export interface DeclaredPaths {
  read: readonly string[];
  write: readonly string[];
}

/** A declared path up to its first `*` segment: what exists on disk to be mounted. */
function mountBase(path: string): string {
  const star = path.indexOf('*');
  if (star < 0) return path;
  const before = path.slice(0, star);
  return before.endsWith(sep) ? before.slice(0, -1) : dirname(before);
}

function linkError(declared: string, link: string, target: string, projectDir: string): CliError {
  const shown = relative(projectDir, link) || '.';
  return new CliError(
    'TOOL_PERMISSION_DENIED',
    `${shown} is a link to ${target}, outside the declared path ${declared}; the tool was not run.`,
    {
      details: [{ path: shown, code: 'LINK_LEAVES_DECLARED_PATH', message: `points to ${target}` }],
      hint: 'Remove the link, or copy what it points to into the declared path.',
    },
  );
}

/** Throws when `base` (inside the project) is reached through a link, or holds a link that leaves it. */
function checkLinks(declared: string, base: string, projectDir: string, realProject: string): void {
  // Every component from the project root down to the declared path must be a real directory.
  let at = projectDir;
  for (const part of relative(projectDir, base).split(sep).filter(Boolean)) {
    at = join(at, part);
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (!stat) return; // missing: nothing to follow
    if (stat.isSymbolicLink())
      throw linkError(declared, at, resolve(dirname(at), readlinkSync(at)), projectDir);
  }
  const realBase = join(realProject, relative(projectDir, base));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = resolve(dir, readlinkSync(path));
        let real: string;
        try {
          real = realpathSync(path);
        } catch {
          real = target; // dangling: judge the text of the link
        }
        const realDir = join(realBase, relative(base, dir));
        if (!isWithin(realBase, real) || !isWithin(realBase, resolve(realDir, readlinkSync(path)))) {
          throw linkError(declared, path, target, projectDir);
        }
      } else if (entry.isDirectory()) {
        walk(path);
      }
    }
  };
  if (lstatSync(base, { throwIfNoEntry: false })?.isDirectory()) walk(base);
}

/**
 * The view of one run. Missing read paths are left out (there is nothing to read); a missing
 * write path is created as a directory, so that it can be mounted.
 */
export function buildView(
  options: { projectDir: string; packageDir: string; bootstrap: string; declared: DeclaredPaths },
  createMissing: boolean,
): SandboxView {
  const { projectDir, packageDir, bootstrap, declared } = options;
  const realProject = realpathSync(projectDir);
  const nodeReads = declared.read.map((p) => resolve(projectDir, p));
  const nodeWrites = declared.write.map((p) => resolve(projectDir, p));
  for (const [list, absolute] of [
    [declared.read, nodeReads],
    [declared.write, nodeWrites],
  ] as const) {
    absolute.forEach((path, i) => {
      const name = list[i] ?? path;
      if (!isWithin(projectDir, path)) {
        throw new CliError('INVALID_PACKAGE', `The declared path ${name} lies outside the project.`, {
          hint: 'Declared paths are relative to the project and stay inside it.',
        });
      }
      checkLinks(name, mountBase(path), projectDir, realProject);
    });
  }
  const reads = nodeReads.map(mountBase).filter((p) => lstatSync(p, { throwIfNoEntry: false }));
  const writes = nodeWrites.map(mountBase);
  if (createMissing)
    for (const p of writes) if (!lstatSync(p, { throwIfNoEntry: false })) mkdirSync(p, { recursive: true });
  const scope = join(projectDir, '.pkg', 'package.json');
  return {
    projectDir,
    packageDir,
    bootstrap,
    moduleScope:
      isWithin(join(projectDir, '.pkg'), packageDir) && lstatSync(scope, { throwIfNoEntry: false })?.isFile()
        ? scope
        : undefined,
    reads,
    writes: writes.filter((p) => lstatSync(p, { throwIfNoEntry: false })),
    nodeReads,
    nodeWrites,
    proxySocket: '',
  };
}

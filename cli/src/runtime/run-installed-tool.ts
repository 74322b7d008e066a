// The one path by which a tool of an installed package runs (docs/sandbox.md, "What happens on
// `pkg run`"): the package must be installed in the project, its files must be the ones recorded
// at install (docs/trust.md, "What the CLI checks"), it is loaded by the runtime loader, pkg.json
// must grant the permissions it requests (consent is given at install, never asked here), and the
// tool runs in the sandbox with its input and output validated and the limits kept. `pkg run` and
// the MCP skills server (`pkg mcp --skills`) both call it; every refusal is a CliError.
import { stat } from 'node:fs/promises';
import { parsePackageId } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { ungranted } from '../install/permissions.js';
import { packageDir, readLockFile, readProjectManifest, type Project } from '../lib/project/project.js';
import { requireUnmodified } from '../trust/installed-files.js';
import { type Boundary, NODE_BOUNDARY_WARNING } from './boundary.js';
import { type LoadedPackage, type LoadedTool, loadInstalledPackage } from './load-package.js';
import { runTool, type RunToolResult } from './sandbox.js';

export interface RunInstalledToolOptions {
  project: Project;
  /** `@<namespace>/<name>`. */
  id: string;
  toolName: string;
  input: unknown;
  boundary: Boundary;
  timeoutMs?: number | undefined;
  memoryMb?: number | undefined;
}

export interface InstalledToolRun extends RunToolResult {
  pkg: LoadedPackage;
  tool: LoadedTool;
}

function badId(id: string): CliError {
  return new CliError('BAD_REQUEST', `${id || '(missing)'} is not a package id @<namespace>/<name>.`, {
    exitCode: EXIT.invalidInput,
    hint: 'Run pkg run --help for the usage.',
  });
}

/** Installed, unmodified, valid and granted: the package as the runtime loader reads it. */
export async function loadVerifiedPackage(project: Project, id: string): Promise<LoadedPackage> {
  const parsed = parsePackageId(id);
  if (!parsed) throw badId(id);
  const dir = packageDir(project, id);
  if (!(await stat(dir).catch(() => undefined))) {
    throw new CliError('PACKAGE_NOT_INSTALLED', `${id} is not installed in ${project.root}.`, {
      hint: `Install it first: pkg install ${id}`,
    });
  }
  requireUnmodified(id, dir, readLockFile(project)?.packages[id]);
  const pkg = await loadInstalledPackage(dir, { expect: parsed });
  const missing = ungranted(
    pkg.manifest.permissions,
    readProjectManifest(project)?.packages[id]?.permissions,
  );
  if (missing.length > 0) {
    throw new CliError(
      'PERMISSIONS_REQUIRED',
      `${id} requests permissions that pkg.json does not grant; the tool was not run.`,
      {
        details: missing.map((message) => ({ path: id, code: 'PERMISSION_NOT_GRANTED', message })),
        hint: `Review them, then grant them with: pkg install ${id} --accept-permissions`,
      },
    );
  }
  return pkg;
}

export async function runInstalledTool(options: RunInstalledToolOptions): Promise<InstalledToolRun> {
  const { project, id, toolName, input, boundary } = options;
  const pkg = await loadVerifiedPackage(project, id);
  const tool = pkg.tools.get(toolName);
  if (!tool) {
    const names = [...pkg.tools.keys()].join(', ') || 'none';
    throw new CliError('BAD_REQUEST', `${id} has no tool named "${toolName}".`, {
      exitCode: EXIT.invalidInput,
      hint: `Its tools: ${names}.`,
    });
  }
  if (boundary.kind === 'node') process.stderr.write(NODE_BOUNDARY_WARNING);
  const result = await runTool({
    pkg,
    tool,
    input,
    boundary,
    projectDir: project.root,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.memoryMb === undefined ? {} : { memoryMb: options.memoryMb }),
  });
  return { ...result, pkg, tool };
}

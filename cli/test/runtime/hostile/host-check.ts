// What a user checks after running a hostile tool: the home directory and the outside directory
// as they were, the project as it was (but for the declared write path), no connection or
// datagram reaching an undeclared address, nothing left in the host's /tmp, and none of the
// secrets in what the CLI printed.
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CliRun } from '../../helpers/run-cli.js';
import { BOUNDARIES, runUnder, type BoundaryName } from '../probe-project.js';
import {
  BANNER,
  CLI_ENV_SECRET,
  DOTENV_SECRET,
  type HostileProject,
  PACKAGE,
  SSH_KEY_SECRET,
} from './hostile-project.js';

export { BOUNDARIES, type BoundaryName };

export const SECRETS = [SSH_KEY_SECRET, DOTENV_SECRET, CLI_ENV_SECRET, BANNER];
export const TMP_DROP = '/tmp/pkg-hostile-drop';

/** The project's files outside out/ and .pkg/ (what a tool must not touch). */
function projectFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((p) => !p.startsWith('out') && !p.startsWith('.pkg'))
    .sort()
    .map((p) => {
      const stat = lstatSync(join(root, p));
      return stat.isFile() ? `${p} ${stat.size} ${stat.mtimeMs}` : p;
    });
}

export interface HostState {
  files: string[];
  project: string[];
}

export function hostState(project: HostileProject): HostState {
  return { files: project.hostFiles(), project: projectFiles(project.root) };
}

/** Runs one tool of the hostile package under `sandbox` with the project's input. */
export function runHostile(
  project: HostileProject,
  sandbox: BoundaryName,
  tool: string,
  extra: readonly string[] = [],
): Promise<CliRun> {
  const input = JSON.stringify(project.input);
  return runUnder(sandbox, [PACKAGE, tool, '--input', input, ...extra], {
    cwd: project.root,
    env: project.env,
  });
}

/** The host is as it was before the run, and nothing secret was printed. */
export function expectHostUnchanged(project: HostileProject, before: HostState, run: CliRun): void {
  expect(hostState(project)).toEqual(before);
  expect(project.canaries).toEqual({ connections: 0, datagrams: 0 });
  expect(existsSync(TMP_DROP)).toBe(false);
  for (const secret of SECRETS) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

/** The run failed, or the tool itself reports that it obtained nothing. */
export function expectContained(run: CliRun): void {
  if (run.code === 0) expect(JSON.parse(run.stdout)).toMatchObject({ escaped: false });
}

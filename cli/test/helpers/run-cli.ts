// Runs the built CLI (cli/dist/pkg.js) as a child process, the way a user does.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/pkg.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous, so that servers in the test process keep answering while the CLI runs. */
export function runCli(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CliRun> {
  return runCliWith(CLI, args, options);
}

/** runCli with another entry script: a copy of the build, or the launcher npm links as `pkg`. */
export function runCliWith(
  script: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: options.cwd,
        encoding: 'utf8',
        env: { ...process.env, ...options.env },
        maxBuffer: 64 * 1024 * 1024, // execFile's default (1 MiB) would cut a capped tool's output short
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** A fresh temporary directory and its cleanup. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Runs the BUILT pkg-admin (server/dist/bin/pkg-admin.js) as a child process and collects
// its exit code and output; never throws on a non-zero exit.
import { execFile } from 'node:child_process';
import path from 'node:path';

export const ADMIN = path.resolve(import.meta.dirname, '../../dist/bin/pkg-admin.js');

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runAdmin(args: string[], env: Record<string, string>): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADMIN, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

export async function runJson<T>(args: string[], env: Record<string, string>): Promise<T> {
  const run = await runAdmin([...args, '--json'], env);
  if (run.code !== 0) throw new Error(`pkg-admin ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

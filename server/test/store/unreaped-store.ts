// A store process whose parent never reaps it, as in a container without an init: `sh` starts
// the store (test/store/store-child.mjs) in the background and then `exec`s `sleep`, which
// becomes the store's parent and never calls wait(). After a SIGKILL the store stays a zombie
// (state Z in /proc/<pid>/stat) for as long as the sleep runs.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { vi } from 'vitest';
import { storeChildArgs } from './child-store.js';

export interface UnreapedStore {
  uri: string;
  /** the store's process id */
  pid: number;
  /** the store's parent, `sleep` (a child of the test process) */
  parent: ChildProcess;
  /** SIGKILLs the store and resolves once it is a zombie */
  crash(): Promise<void>;
  /** ends the parent; the zombie is then reaped by init */
  stop(): Promise<void>;
}

/** The state letter of /proc/<pid>/stat (R, S, Z, …), or undefined when there is no such process. */
export function processState(pid: number): string | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "<pid> (<command, may hold spaces and parentheses>) <state> …"
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}

function readyLine(parent: ChildProcess): Promise<{ pid: number; uri: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let pid: number | undefined;
    const fail = (error: Error): void => {
      clearInterval(watchdog);
      reject(error);
    };
    // the store is not our child: its early exit shows as a zombie (or no process at all)
    const watchdog = setInterval(() => {
      if (pid === undefined) return;
      const state = processState(pid);
      if (state === 'Z' || state === undefined) fail(new Error(`store process ${pid} exited: ${err}`));
    }, 50);
    parent.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    parent.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      pid ??= Number(/^PID (\d+)$/m.exec(out)?.[1]) || undefined;
      const uri = /^READY (\S+)$/m.exec(out)?.[1];
      if (pid !== undefined && uri) {
        clearInterval(watchdog);
        resolve({ pid, uri });
      }
    });
    parent.once('error', fail);
    parent.once('exit', (code) => fail(new Error(`store parent exited with ${code}: ${err}`)));
  });
}

export async function startUnreapedStore(
  dir: string,
  options: Record<string, unknown> = {},
): Promise<UnreapedStore> {
  const script = '"$@" & echo "PID $!"; exec sleep 1000';
  const parent = spawn('sh', ['-c', script, 'sh', process.execPath, ...storeChildArgs(dir, options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => parent.once('exit', () => resolve()));
  let ready: { pid: number; uri: string };
  try {
    ready = await readyLine(parent);
  } catch (err) {
    parent.kill('SIGKILL');
    throw err;
  }
  const { pid, uri } = ready;
  return {
    uri,
    pid,
    parent,
    async crash() {
      process.kill(pid, 'SIGKILL');
      await vi.waitFor(() => expectZombie(pid), { timeout: 10_000, interval: 20 });
    },
    async stop() {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      await exited;
    },
  };
}

function expectZombie(pid: number): void {
  const state = processState(pid);
  if (state !== 'Z') throw new Error(`process ${pid} is in state ${state ?? 'gone'}, not a zombie`);
}

// Runs the BUILT server (server/dist/main.js, what `npm start` runs) as a child process on an
// ephemeral port and resolves once its "listening" log line names the URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  lines: Record<string, unknown>[];
  /**
   * The first log line (already printed or to come) for which `pred` holds; rejects when the
   * process exits first. Resolves on the line event: no polling.
   */
  waitForLine(pred: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** SIGTERM and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SpawnOptions {
  /** Options for node before the script (the soak's `--import` of its probe). */
  nodeArgs?: string[];
  /** An IPC channel to the child (the soak's probe answers on it). */
  ipc?: boolean;
  /** Another build of the server to run (the page-load bench's BENCH_COMPARE); default SERVER_MAIN. */
  main?: string;
}

export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.main ?? SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const stdout = child.stdout;
    if (!stdout) throw new Error('the server has no stdout pipe');
    const rl = createInterface({ input: stdout });
    rl.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        events.emit('line', entry);
        if (entry.msg === 'pkg registry listening' && typeof entry.url === 'string') resolve(entry.url);
      } catch {
        // not a log line
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)));
  });
  return {
    url,
    child,
    lines,
    waitForLine(pred) {
      const seen = lines.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const onLine = (entry: Record<string, unknown>) => {
          if (!pred(entry)) return;
          cleanup();
          resolve(entry);
        };
        const onExit = (code: number | null) => {
          cleanup();
          reject(new Error(`server exited with ${code} before the line: ${stderr}`));
        };
        const cleanup = () => {
          events.off('line', onLine);
          child.off('exit', onExit);
        };
        events.on('line', onLine);
        child.once('exit', onExit);
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

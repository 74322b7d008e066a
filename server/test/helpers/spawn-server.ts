// Runs the BUILT server (server/dist/main.js, what `npm start` runs) as a child process on an
// ephemeral port and resolves once its "listening" log line names the URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  lines: Record<string, unknown>[];
  /** SIGTERM and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
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
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

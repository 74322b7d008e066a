// The embedded store on its own in a child process, as an operator runs it: the BUILT
// `pkg-admin db serve` (server/dist/bin/pkg-admin.js). Resolves once the store prints its
// mongodb:// URI. A test can kill it (SIGKILL: no flush, no clean-up) and start it again on the
// same port and data directory, so that a server connected through MONGODB_URI sees its store
// go away and come back.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ADMIN = path.resolve(import.meta.dirname, '../../dist/bin/pkg-admin.js');

export interface StoreProcess {
  /** `mongodb://127.0.0.1:<port>/`, as `db serve` prints it. */
  uri: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL, as a crash; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, a clean stop; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** `port` 0 picks a free port; pass the port of a killed store to start it again in its place. */
export async function startStoreProcess(dir: string, port = 0): Promise<StoreProcess> {
  const child = spawn(process.execPath, [ADMIN, 'db', 'serve', '--port', String(port), '--dir', dir], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const uri = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) =>
      reject(new Error(`the store exited with ${code} before serving: ${stderr}`)),
    );
  });
  const gone = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    uri,
    port: Number(new URL(uri).port),
    child,
    kill: () => gone('SIGKILL'),
    stop: () => gone('SIGTERM'),
  };
}

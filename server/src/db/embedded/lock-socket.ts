// The socket that holds a data directory (docs/operator.md, "The data directory's lock"). The
// store listens on it for as long as it runs; the kernel closes it when the process dies, even
// while the dead process stays a zombie, so a listening socket always means a live holder. On
// Linux it is an abstract socket named after the directory's device and inode, on Windows a
// named pipe of the same name, elsewhere the socket file `store.sock` inside the directory.
// Whoever connects is told the holder's `{ pid, port, uri }` as one JSON line.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface StoreLockInfo {
  pid: number;
  port?: number;
  uri?: string;
}

export interface LockAddress {
  /** abstract socket and named pipe: freed by the kernel; file: a stale socket file stays behind */
  kind: 'abstract' | 'pipe' | 'file';
  path: string;
}

/** The longest socket file path every Unix accepts (macOS: 104 bytes with the final NUL). */
const MAX_SOCKET_PATH = 103;
const MAX_ANSWER_BYTES = 4096;
const ANSWER_TIMEOUT_MS = 2000;

/** Where the holder of `dir` (an existing directory) listens. */
export function lockAddress(dir: string, platform: NodeJS.Platform = process.platform): LockAddress {
  const stat = fs.statSync(dir, { bigint: true });
  const id = createHash('sha256').update(`${stat.dev}:${stat.ino}`).digest('hex').slice(0, 32);
  if (platform === 'linux') return { kind: 'abstract', path: `\0pkg-store-${id}` };
  if (platform === 'win32') return { kind: 'pipe', path: `\\\\?\\pipe\\pkg-store-${id}` };
  const file = path.join(path.resolve(dir), 'store.sock');
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    throw new Error(`embedded store: data directory path ${dir} is too long for its lock socket ${file}`);
  }
  return { kind: 'file', path: file };
}

/** The holder's answer, or undefined when it is not one JSON object with a positive integer pid. */
export function parseLockInfo(text: string): StoreLockInfo | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, port, uri } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  return {
    pid,
    port: typeof port === 'number' && Number.isInteger(port) ? port : undefined,
    uri: typeof uri === 'string' ? uri : undefined,
  };
}

export type Holder =
  /** nobody listens: the directory is free (a socket file left by a dead holder may remain) */
  | { live: false }
  /** a process listens; `info` is what it answered (undefined if it did not answer in time) */
  | { live: true; info?: StoreLockInfo };

/** Connects to the lock socket of a directory and reads the holder's answer. */
export function askHolder(address: LockAddress): Promise<Holder> {
  return new Promise((resolve) => {
    const socket = net.connect(address.path);
    let text = '';
    let connected = false;
    const done = (holder: Holder): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    // a holder busy with a long command may answer late: it is live all the same
    const timer = setTimeout(() => done({ live: true }), ANSWER_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_ANSWER_BYTES) done({ live: true });
    });
    socket.on('end', () => done({ live: true, info: parseLockInfo(text.trim()) }));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // refused or absent: nobody listens; any other failure after connecting still had a holder
      const nobody = !connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT');
      done(nobody ? { live: false } : { live: true });
    });
  });
}

/** Listens on the lock socket, answering every connection with `answer()`. Rejects with EADDRINUSE when held. */
export function holdLockSocket(address: LockAddress, answer: () => StoreLockInfo): Promise<net.Server> {
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(`${JSON.stringify(answer())}\n`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.path, () => {
      server.off('error', reject);
      // the lock never keeps the process alive by itself
      server.unref();
      resolve(server);
    });
  });
}

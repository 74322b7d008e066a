// The server as a user runs it (`node server/dist/main.js`, what `npm start` runs): data
// written before a `kill -9` is there after a restart; SIGTERM stops it cleanly; pkg-admin
// status reports the store whether or not the server holds it; on Linux, a server started
// without npm start's allocator settings names them (docs/operator.md, "Memory").
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALLOCATOR_ENV } from '../../src/allocator-settings.js';
import { readStoreLock } from '../../src/db/embedded/index.js';
import { SERVER_MAIN, spawnServer } from '../helpers/spawn-server.js';

const run = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../../dist/bin/pkg-admin.js');
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-proc-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withClient<T>(dir: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const uri = await readStoreLock(dir);
  if (!uri) throw new Error('no running store holds the data directory');
  const client = await MongoClient.connect(uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

async function adminStatus(env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [ADMIN, 'status', '--json'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout) as {
    store: string;
    running: string;
    uri: string;
    collections: Record<string, number>;
  };
}

describe('the server process on the embedded store (its data directory; the MongoDB workflow leaves this file out)', () => {
  test('acknowledged writes survive kill -9 of the server', async () => {
    const first = await spawnServer({ PKG_DATA_DIR: dataDir });
    const ids = await withClient(dataDir, async (client) => {
      const coll = client.db('pkg').collection<{ _id: number; note: string }>('survivors');
      const written: number[] = [];
      for (let i = 0; i < 200; i++) {
        await coll.insertOne({ _id: i, note: `row ${i}` });
        written.push(i);
      }
      return written;
    });
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await spawnServer({ PKG_DATA_DIR: dataDir });
    const found = await withClient(dataDir, (client) =>
      client
        .db('pkg')
        .collection<{ _id: number }>('survivors')
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    );
    expect(found.map((d) => d._id)).toEqual(ids);
    expect((await fetch(`${second.url}/health`)).status).toBe(200);

    const held = await adminStatus({ PKG_DATA_DIR: dataDir });
    expect(held).toMatchObject({ store: 'embedded', running: 'server', collections: { survivors: 200 } });

    expect(await second.stop('SIGTERM')).toBe(0);
    expect(second.lines.some((l) => l.msg === 'stopped')).toBe(true);

    const alone = await adminStatus({ PKG_DATA_DIR: dataDir });
    expect(alone).toMatchObject({
      store: 'embedded',
      running: 'this command',
      collections: { survivors: 200 },
    });
  });
});

describe('the allocator settings of npm start (glibc: Linux)', () => {
  const missingLine = (line: Record<string, unknown>) =>
    typeof line.msg === 'string' && line.msg.startsWith('started without the allocator settings');

  test('a server started without them names the missing ones; with them, it says nothing', async () => {
    const without = await spawnServer({ PKG_DATA_DIR: path.join(dataDir, 'allocator-without') });
    expect(await without.stop('SIGTERM')).toBe(0);
    const expected = process.platform === 'linux' ? Object.keys(ALLOCATOR_ENV) : undefined;
    expect(without.lines.find(missingLine)?.missing).toEqual(expected);

    const withThem = await spawnServer({
      PKG_DATA_DIR: path.join(dataDir, 'allocator-with'),
      ...ALLOCATOR_ENV,
    });
    expect(await withThem.stop('SIGTERM')).toBe(0);
    expect(withThem.lines.some(missingLine)).toBe(false);
  });
});

describe('the server refuses a bad configuration before it opens the store', () => {
  test('a BOT_COIN_COMMAND that names another command: exit 2, the variable named', async () => {
    const dir = path.join(dataDir, 'never-opened');
    const failure = await run(process.execPath, [SERVER_MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', PKG_DATA_DIR: dir, BOT_COIN_COMMAND: 'help' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toBe(
      'Invalid configuration:\n  BOT_COIN_COMMAND must not be the name of another command (got "help")\n',
    );
    expect(existsSync(dir)).toBe(false);
  });
});

describe('pkg-admin configuration errors', () => {
  test('a bad MONGODB_URI is named, exits 2, and its credentials are not echoed', async () => {
    const failure = await run(process.execPath, [ADMIN, 'status'], {
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: 'postgres://operator:s3cret-pass@db.example.net/pkg',
      },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('MONGODB_URI must start with mongodb:// or mongodb+srv://');
    expect(`${failure?.stderr}${failure?.stdout}`).not.toContain('s3cret-pass');
  });
});

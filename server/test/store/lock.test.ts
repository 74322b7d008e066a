// The data directory's lock (docs/operator.md, "The data directory's lock"), with real
// processes: a store SIGKILLed under a parent that never reaps it (the zombie stays) gives its
// directory up and loses no acknowledged write; a store.lock naming a live process that is not
// a store does not hold the directory; a live owner is refused by pid and URI (also through
// `pkg-admin db serve`, what `npm run db` runs); and the socket-file lock of systems without
// abstract sockets is taken over from a dead holder and refuses a live one.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreLock, readStoreOwner, startEmbeddedStore } from '../../src/db/embedded/index.js';
import { acquireStoreLock } from '../../src/db/embedded/lock-file.js';
import { buildStoreModule, startChildStore } from './child-store.js';
import type { ChildStore } from './child-store.js';
import { crashTestResources } from './store-uri.js';
import { processState, startUnreapedStore } from './unreaped-store.js';
import type { UnreapedStore } from './unreaped-store.js';
import { storedIds, writeThenCrash } from './write-then-crash.js';

const run = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../../dist/bin/pkg-admin.js');
const { newDir, connect, closeClients, removeDirs } = crashTestResources('pkg-lock-');
const children: ChildStore[] = [];
const unreaped: UnreapedStore[] = [];
const others: ChildProcess[] = [];

/** What store.lock says, as JSON. */
function record(dir: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8'));
}

/** A loopback port nobody listens on (taken and given back). */
async function unansweredPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

afterAll(async () => {
  await closeClients();
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const c of others) if (c.exitCode === null) c.kill('SIGKILL');
  await Promise.allSettled([...children.map((c) => c.exited), ...others.map(exited)]);
  await Promise.allSettled(unreaped.map((u) => u.stop()));
  removeDirs();
});

describe("the embedded store's data-directory lock (embedded store internals: the MongoDB workflow leaves this file out)", () => {
  it('restarts on the directory of a store killed under a parent that never reaps it, losing no acknowledged write', async () => {
    const dir = newDir();
    const first = await startUnreapedStore(dir);
    unreaped.push(first);
    const acked = await writeThenCrash(await connect(first.uri), () => first.crash(), 300);
    expect(acked.length).toBeGreaterThanOrEqual(300);

    // the dead store is a zombie: kill(pid, 0) still succeeds and store.lock still names it
    expect(processState(first.pid)).toBe('Z');
    expect(() => process.kill(first.pid, 0)).not.toThrow();
    expect(record(dir)).toMatchObject({ pid: first.pid, uri: first.uri });
    expect(await readStoreLock(dir)).toBeNull();

    const second = await startChildStore(dir);
    children.push(second);
    const ids = await storedIds(await connect(second.uri));
    expect(acked.filter((id) => !ids.has(id))).toEqual([]);
    expect(processState(first.pid)).toBe('Z');
    expect(record(dir)).toMatchObject({ pid: second.child.pid, uri: second.uri });
    expect(await readStoreOwner(dir)).toMatchObject({ pid: second.child.pid, uri: second.uri });
    await first.stop();
  });

  it('starts when store.lock names a live process that is not a store', async () => {
    const dir = newDir();
    const unrelated = spawn('sleep', ['1000'], { stdio: 'ignore' });
    others.push(unrelated);
    const pid = unrelated.pid ?? 0;
    const port = await unansweredPort();
    fs.writeFileSync(
      path.join(dir, 'store.lock'),
      JSON.stringify({ pid, port, uri: `mongodb://127.0.0.1:${port}/` }),
    );
    expect(processState(pid)).toMatch(/^[RS]$/);
    expect(await readStoreLock(dir)).toBeNull();

    const store = await startEmbeddedStore({ dir });
    try {
      expect(record(dir)).toEqual({ pid: process.pid, port: store.port, uri: store.uri });
      expect(await readStoreLock(dir)).toBe(store.uri);
    } finally {
      await store.close();
    }
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
    expect(processState(pid)).toMatch(/^[RS]$/);
  });

  it('refuses a second store while the owner lives, naming its pid and URI', async () => {
    const dir = newDir();
    const owner = await startChildStore(dir);
    children.push(owner);
    const refusal = `embedded store: data directory ${dir} is in use by process ${owner.child.pid} (${owner.uri})`;
    expect(await readStoreLock(dir)).toBe(owner.uri);
    await expect(startEmbeddedStore({ dir })).rejects.toThrow(refusal);

    // what `npm run db -- --dir <dir>` runs
    const served = run(process.execPath, [ADMIN, 'db', 'serve', '--port', '0', '--dir', dir], {
      env: { PATH: process.env.PATH ?? '' },
    });
    await expect(served).rejects.toMatchObject({ code: 1, stderr: `pkg-admin: ${refusal}\n` });
    // the refused attempts left the owner's record alone
    expect(record(dir)).toMatchObject({ pid: owner.child.pid, uri: owner.uri });

    // a clean stop removes the record and frees the directory
    owner.child.kill('SIGTERM');
    await owner.exited;
    expect(owner.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
    expect(await readStoreLock(dir)).toBeNull();
    const next = await startEmbeddedStore({ dir });
    await next.close();
  });

  it('refuses a second store of the same process on the same directory, under any path', async () => {
    const dir = newDir();
    const alias = path.join(newDir(), 'alias');
    fs.symlinkSync(dir, alias);
    const store = await startEmbeddedStore({ dir });
    try {
      await expect(startEmbeddedStore({ dir: alias })).rejects.toThrow(
        `embedded store: data directory ${alias} is in use by process ${process.pid} (${store.uri})`,
      );
      expect(await readStoreLock(dir)).toBe(store.uri);
    } finally {
      await store.close();
    }
    expect(await readStoreLock(dir)).toBeNull();
    expect(await readStoreLock(path.join(dir, 'no-such-dir'))).toBeNull();
  });

  it('with a socket file for a lock (systems without abstract sockets): takes over a dead holder, refuses a live one', async () => {
    const dir = newDir();
    const socketFile = path.join(dir, 'store.sock');
    const lockModule = path.join(path.dirname(buildStoreModule()), 'lock-file.js');
    const script = `
      const { acquireStoreLock } = await import(process.argv[1]);
      const lock = await acquireStoreLock(process.argv[2], 'darwin');
      lock.publish({ port: 1, uri: 'mongodb://127.0.0.1:1/' });
      setInterval(() => {}, 60_000);
      process.stdout.write('HELD\\n');`;
    const holder = spawn(process.execPath, ['--input-type=module', '-e', script, lockModule, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    others.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout?.on('data', (d: Buffer) => d.toString().includes('HELD') && resolve());
      holder.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
    });
    expect(fs.statSync(socketFile).isSocket()).toBe(true);
    expect(await readStoreLock(dir, 'darwin')).toBe('mongodb://127.0.0.1:1/');
    await expect(acquireStoreLock(dir, 'darwin')).rejects.toThrow(
      `embedded store: data directory ${dir} is in use by process ${holder.pid} (mongodb://127.0.0.1:1/)`,
    );

    holder.kill('SIGKILL');
    await exited(holder);
    // the dead holder's socket file stays behind, but nobody answers on it
    expect(fs.statSync(socketFile).isSocket()).toBe(true);
    expect(await readStoreLock(dir, 'darwin')).toBeNull();
    const lock = await acquireStoreLock(dir, 'darwin');
    expect(await readStoreOwner(dir, 'darwin')).toEqual({ pid: process.pid });
    await lock.release();
    expect(fs.existsSync(socketFile)).toBe(false);
    expect(await readStoreOwner(dir, 'darwin')).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
  });
});

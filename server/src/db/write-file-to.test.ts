// A file written to HTTP responses through the shared, reused buffers: every client gets its own
// file's bytes however many download at once, and a client that goes away ends the send with the
// file closed and leaves the buffers good for the next downloads.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, openSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFileTo } from './write-file-to.js';

const dir = mkdtempSync(path.join(tmpdir(), 'write-file-to-'));
// the first file is larger than loopback's socket buffers hold (for the client that goes away);
// the others: many whole 64 KiB reads and a short last one, whole reads only, one short read, one
// byte, empty
const files = [16_000_003, 1_000_003, 64 * 1024 * 3, 70_000, 1, 0].map((size, i) => {
  const bytes = randomBytes(size);
  const file = path.join(dir, `f${i}`);
  writeFileSync(file, bytes);
  return { file, bytes };
});
const fileAt = (i: number) => {
  const found = files[i];
  if (!found) throw new Error(`no file ${i}`);
  return found;
};
const big = fileAt(0);
const sends: Promise<unknown>[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const { file, bytes } = fileAt(Number(req.url?.slice(1)));
    res.setHeader('content-length', String(bytes.byteLength));
    sends.push(
      writeFileTo(openSync(file, 'r'), bytes.byteLength, res).then(
        () => 'sent',
        () => 'failed',
      ),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** This process's descriptors open on `file`. */
const openOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed meanwhile
    }
  }).length;

/** Downloads file `i`; whether the bytes are that file's. */
async function downloadsWhole(i: number): Promise<boolean> {
  const res = await fetch(`${base}/${i}`);
  return Buffer.from(await res.arrayBuffer()).equals(fileAt(i).bytes);
}

describe('writeFileTo', () => {
  test('30 clients at once each get their own file, byte for byte', async () => {
    const which = Array.from({ length: 30 }, (_, n) => 1 + (n % (files.length - 1)));
    expect(await Promise.all(which.map(downloadsWhole))).toEqual(which.map(() => true));
  });

  test('a client that goes away ends its send with the file closed; later downloads are whole', async () => {
    const sent = sends.length;
    const req = http.get(`${base}/0`);
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    await once(res, 'data');
    req.destroy();
    // the server's side notices the closed connection, fails the send and closes the file
    while (sends.length === sent) await new Promise((resolve) => setImmediate(resolve));
    expect(await sends[sent]).toBe('failed');
    while (openOn(big.file) > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.all([0, 1, 2, 1, 2].map(downloadsWhole))).toEqual(Array(5).fill(true));
  });
});

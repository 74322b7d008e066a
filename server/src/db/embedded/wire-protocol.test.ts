// Wire protocol tests: message framing across arbitrary chunk boundaries, and a live store
// answering the legacy OP_QUERY handshake on admin.$cmd with an OP_REPLY, as old drivers and
// the first handshake of current ones do.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from './bson.js';
import type { Document } from './bson.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageFramer, OP_QUERY, OP_REPLY, encodeOpMsg, parseMessage } from './wire-protocol.js';
import { startEmbeddedStore } from './index.js';
import type { EmbeddedStore } from './index.js';

function opQuery(requestId: number, collection: string, query: Document): Buffer {
  const name = Buffer.from(`${collection}\0`);
  const body = Buffer.from(serialize(query));
  const head = Buffer.alloc(20);
  const length = head.length + name.length + 8 + body.length;
  head.writeInt32LE(length, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(OP_QUERY, 12);
  head.writeInt32LE(0, 16);
  const skipReturn = Buffer.alloc(8);
  skipReturn.writeInt32LE(-1, 4);
  return Buffer.concat([head, name, skipReturn, body]);
}

describe('message framing', () => {
  it('reassembles messages split at any byte', () => {
    const a = encodeOpMsg(1, { ping: 1, $db: 'admin' });
    const b = encodeOpMsg(2, { find: 'c', filter: { x: 'y'.repeat(100) }, $db: 'db' });
    const stream = Buffer.concat([a, b]);
    for (const size of [1, 3, 7, 64, stream.length]) {
      const framer = new MessageFramer();
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size) out.push(...framer.push(stream.subarray(i, i + size)));
      expect(out.map((m) => parseMessage(m))).toMatchObject([
        { kind: 'msg', command: { ping: 1, $db: 'admin' } },
        { kind: 'msg', command: { find: 'c', $db: 'db' } },
      ]);
    }
  });
});

describe('legacy OP_QUERY handshake', () => {
  let dir: string;
  let store: EmbeddedStore;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkg-store-wire-'));
    store = await startEmbeddedStore({ dir });
  });

  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers isMaster on admin.$cmd with an OP_REPLY', async () => {
    const socket = net.connect(store.port, '127.0.0.1');
    const framer = new MessageFramer();
    const reply = await new Promise<Buffer>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        const [msg] = framer.push(chunk);
        if (msg) resolve(msg);
      });
      socket.on('error', reject);
      socket.write(
        opQuery(7, 'admin.$cmd', { isMaster: 1, helloOk: true, client: { driver: { name: 'raw' } } }),
      );
    });
    socket.destroy();
    expect(reply.readInt32LE(8)).toBe(7);
    expect(reply.readInt32LE(12)).toBe(OP_REPLY);
    expect(reply.readInt32LE(32)).toBe(1);
    const doc = deserialize(reply.subarray(36));
    expect(doc).toMatchObject({
      ismaster: true,
      isWritablePrimary: true,
      helloOk: true,
      maxWireVersion: 21,
      minWireVersion: 0,
      maxBsonObjectSize: 16 * 1024 * 1024,
      maxMessageSizeBytes: 48_000_000,
      maxWriteBatchSize: 100_000,
      logicalSessionTimeoutMinutes: 30,
      ok: 1,
    });
    expect(doc.localTime).toBeInstanceOf(Date);
    expect(typeof doc.connectionId).toBe('number');
    expect(doc).not.toHaveProperty('compression');
  });
});

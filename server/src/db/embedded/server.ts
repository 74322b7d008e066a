// The embedded store process side: locks the data directory, recovers the catalog from the
// snapshot and journal, and serves the MongoDB wire protocol on loopback. Each command runs to
// completion synchronously; its reply is written only after the journal record holding its
// writes (and every earlier one) is fsynced. Background timers sweep TTL indexes and idle cursors.
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Document } from './bson.js';
import { Catalog } from './catalog.js';
import { CursorManager } from './cursors.js';
import { Journal } from './journal.js';
import { BlobStore } from './blobs.js';
import { CommandError } from './errors.js';
import { runCommand } from './commands/command-table.js';
import type { CommandContext, ServerInfo } from './commands/context.js';
import { MessageFramer, encodeOpMsgParts, encodeOpReply, parseMessage } from './wire-protocol.js';
import { acquireStoreLock } from './lock-file.js';
import { sweepExpired } from './ttl.js';

export interface EmbeddedStoreOptions {
  /** data directory (created if missing); one store per directory */
  dir: string;
  /** TCP port; 0 (default) picks a free one */
  port?: number;
  /** interface to listen on; default 127.0.0.1 */
  host?: string;
  /** how often expired TTL documents are removed (default 5 s) */
  ttlSweepIntervalMs?: number;
  /** idle time after which a cursor is discarded (default 10 min) */
  cursorTimeoutMs?: number;
  /** journal size that triggers compaction into a snapshot (default 64 MiB) */
  compactJournalBytes?: number;
  /** where background failures are reported (default console.error) */
  onError?: (err: unknown) => void;
}

export interface EmbeddedStore {
  /** connection string for the mongodb driver / mongoose, e.g. mongodb://127.0.0.1:40123/ */
  uri: string;
  port: number;
  host: string;
  dir: string;
  /** writes a snapshot now and starts a new journal */
  compact(): Promise<void>;
  /** stops serving, compacts, releases the data directory */
  close(): Promise<void>;
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const dir = path.resolve(options.dir);
  const host = options.host ?? '127.0.0.1';
  const onError = options.onError ?? ((err: unknown) => console.error('embedded store:', err));
  fs.mkdirSync(dir, { recursive: true });
  const lock = await acquireStoreLock(dir);
  try {
    const blobs = new BlobStore(path.join(dir, 'blobs'));
    const catalog = new Catalog({ blobs });
    const openJournal = Journal.open(dir, catalog, {
      compactBytes: options.compactJournalBytes ?? 64 * 1024 * 1024,
      onError,
    });
    // blob files of writes that never became durable, or of documents removed just before a crash
    blobs.sweep(catalog.blobIds());
    // a data directory written before blob files existed: move its large values out of memory
    if (catalog.externalizeInline() > 0) await openJournal.compact();
    const cursors = new CursorManager(options.cursorTimeoutMs);
    const sockets = new Set<net.Socket>();
    let nextConnectionId = 1;
    const info: ServerInfo = { host, port: 0, startedAt: new Date(), connections: () => sockets.size };

    let closing: Promise<void> | undefined;
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.setNoDelay(true);
      const connectionId = nextConnectionId++;
      const framer = new MessageFramer();
      let chain: Promise<void> = Promise.resolve();
      const handle = async (raw: Buffer): Promise<void> => {
        if (closing) return;
        const msg = parseMessage(raw);
        const db =
          msg.kind === 'msg' ? String(msg.command.$db ?? 'admin') : (msg.collection.split('.')[0] ?? 'admin');
        const ctx: CommandContext = { db, catalog, cursors, connectionId, server: info };
        let reply: Document = runCommand(msg.command, ctx);
        try {
          await openJournal.commit(catalog.takeOps());
        } catch (err) {
          onError(err);
          reply = new CommandError('InternalError', `journal write failed: ${String(err)}`).toReply();
        }
        if (socket.destroyed) return;
        if (msg.kind === 'query') socket.write(encodeOpReply(msg.requestId, reply));
        else if (!msg.moreToCome) {
          const [head, body] = encodeOpMsgParts(msg.requestId, reply);
          socket.cork();
          socket.write(head);
          socket.write(body);
          socket.uncork();
        }
      };
      socket.on('data', (chunk: Buffer) => {
        let messages: Buffer[];
        try {
          messages = framer.push(chunk);
        } catch (err) {
          onError(err);
          socket.destroy();
          return;
        }
        for (const raw of messages) {
          chain = chain
            .then(() => handle(raw))
            .catch((err: unknown) => {
              onError(err);
              socket.destroy();
            });
        }
      });
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    });

    await listen(server, options.port ?? 0, host);
    const port = (server.address() as AddressInfo).port;
    info.port = port;
    const uri = `mongodb://${host}:${port}/`;
    lock.publish({ port, uri });

    const ttlTimer = setInterval(() => {
      try {
        sweepExpired(catalog, new Date());
      } catch (err) {
        onError(err);
      }
      const ops = catalog.takeOps();
      if (ops.length) openJournal.commit(ops).catch(onError);
    }, options.ttlSweepIntervalMs ?? 5000);
    ttlTimer.unref();
    const cursorTimer = setInterval(() => cursors.sweep(), 60_000);
    cursorTimer.unref();

    const close = (): Promise<void> => {
      closing ??= (async () => {
        clearInterval(ttlTimer);
        clearInterval(cursorTimer);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        cursors.clear();
        try {
          await openJournal.close();
        } finally {
          await lock.release();
        }
      })();
      return closing;
    };
    return { uri, port, host, dir, compact: () => openJournal.compact(), close };
  } catch (err) {
    await lock.release();
    throw err;
  }
}

// The embedded store process side: locks the data directory, recovers the catalog from the
// snapshot and journal, and serves the MongoDB wire protocol on loopback. Each command runs to
// completion synchronously; its reply is written only after the journal record holding its
// writes (and every earlier one) is fsynced, and a read's reply only once every write it could see
// is, unless the command asks otherwise: a write whose write concern says `j: false` (MongoDB's
// "acknowledged, not journaled") and a read whose read concern says `local` (MongoDB's default:
// it may see writes not yet journaled) are answered at once; the write's record is queued in
// order, and made durable by the next fsync, which every later journaled write and every later
// read waits for (journal.ts). Background timers sweep TTL indexes and idle cursors.
// The process that runs the store may also call it directly (`run`): the same command, the same
// journal rules, with the command and its reply copied as the wire would carry them (wire-copy.ts),
// minus the driver, the socket and the wire protocol (docs/performance.md, "Publish, third
// pass: the store path").
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
import { commandCopy, replyCopy } from './wire-copy.js';
import { acquireStoreLock, type StoreLock } from './lock-file.js';
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
  /**
   * Runs one command in this process, as if it came over the wire on a connection of its own:
   * resolves with its reply once the journal holds its writes (or at once, as `answeredAtOnce`
   * says); rejects only when the store is closing or closed.
   */
  run(db: string, command: Document): Promise<Document>;
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

/** What the steps below share once the data directory is recovered. */
interface Serving {
  catalog: Catalog;
  journal: Journal;
  cursors: CursorManager;
  sockets: Set<net.Socket>;
  info: ServerInfo;
  onError: (err: unknown) => void;
  /** Set once close() has begun: commands that arrive after are not run. */
  closing: Promise<void> | undefined;
  nextConnectionId: number;
}

/** Recovers the catalog from the snapshot and journal, and tidies the blob files. */
async function recover(dir: string, options: EmbeddedStoreOptions, onError: (err: unknown) => void) {
  const blobs = new BlobStore(path.join(dir, 'blobs'));
  const catalog = new Catalog({ blobs });
  const journal = Journal.open(dir, catalog, {
    compactBytes: options.compactJournalBytes ?? 64 * 1024 * 1024,
    onError,
  });
  // blob files of writes that never became durable, or of documents removed just before a crash
  blobs.sweep(catalog.blobIds());
  // a data directory written before blob files existed: move its large values out of memory
  if (catalog.externalizeInline() > 0) await journal.compact();
  return { catalog, journal };
}

/**
 * Whether the command asks not to wait for the journal: a write with `writeConcern: { j: false }`,
 * a read with `readConcern: { level: 'local' }`.
 */
function answeredAtOnce(command: Document): boolean {
  const concern = (name: string) => {
    const value: unknown = command[name];
    return typeof value === 'object' && value !== null ? (value as Document) : undefined;
  };
  return concern('writeConcern')?.j === false || concern('readConcern')?.level === 'local';
}

/** Runs one command and makes its writes durable (or queues them, answered at once); its reply. */
async function execute(serving: Serving, db: string, connectionId: number, command: Document) {
  const { catalog, cursors, info, journal, onError } = serving;
  const ctx: CommandContext = { db, catalog, cursors, connectionId, server: info };
  let reply: Document = runCommand(command, ctx);
  try {
    // A failed flush fails every later commit and queue (journal.ts).
    if (answeredAtOnce(command)) journal.queue(catalog.takeOps());
    else await journal.commit(catalog.takeOps());
  } catch (err) {
    onError(err);
    reply = new CommandError('InternalError', `journal write failed: ${String(err)}`).toReply();
  }
  return reply;
}

/**
 * A command run in this process: copied in as the store reads a message from the driver, run as a
 * message is, its reply copied out as the driver reads one (wire-copy.ts: what BSON would give,
 * without encoding it).
 */
async function runInProcess(serving: Serving, connectionId: number, db: string, command: Document) {
  if (serving.closing) throw new Error('embedded store: closed');
  const reply = await execute(serving, db, connectionId, commandCopy(command));
  return replyCopy(reply);
}

/** Runs a message's command (execute), then writes its reply (if one is expected). */
async function handleMessage(serving: Serving, socket: net.Socket, connectionId: number, raw: Buffer) {
  if (serving.closing) return;
  const msg = parseMessage(raw);
  const db =
    msg.kind === 'msg' ? String(msg.command.$db ?? 'admin') : (msg.collection.split('.')[0] ?? 'admin');
  const reply = await execute(serving, db, connectionId, msg.command);
  if (socket.destroyed) return;
  if (msg.kind === 'query') socket.write(encodeOpReply(msg.requestId, reply));
  else if (!msg.moreToCome) {
    const [head, body] = encodeOpMsgParts(msg.requestId, reply);
    socket.cork();
    socket.write(head);
    socket.write(body);
    socket.uncork();
  }
}

/** One client connection: its messages are framed and run one after another, in order. */
function serveConnection(serving: Serving, socket: net.Socket): void {
  const { sockets, onError } = serving;
  sockets.add(socket);
  socket.setNoDelay(true);
  const connectionId = serving.nextConnectionId++;
  const framer = new MessageFramer();
  let chain: Promise<void> = Promise.resolve();
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
        .then(() => handleMessage(serving, socket, connectionId, raw))
        .catch((err: unknown) => {
          onError(err);
          socket.destroy();
        });
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => sockets.delete(socket));
}

/** The background sweeps (TTL indexes, idle cursors), on unref'd timers; returns their stop. */
function startSweeps(serving: Serving, options: EmbeddedStoreOptions): () => void {
  const { catalog, journal, cursors, onError } = serving;
  const ttlTimer = setInterval(() => {
    try {
      sweepExpired(catalog, new Date());
    } catch (err) {
      onError(err);
    }
    const ops = catalog.takeOps();
    if (ops.length) journal.commit(ops).catch(onError);
  }, options.ttlSweepIntervalMs ?? 5000);
  ttlTimer.unref();
  const cursorTimer = setInterval(() => cursors.sweep(), 60_000);
  cursorTimer.unref();
  return () => {
    clearInterval(ttlTimer);
    clearInterval(cursorTimer);
  };
}

/** Stops serving, compacts, releases the data directory; once, whoever calls it again. */
function closer(serving: Serving, server: net.Server, stopSweeps: () => void, lock: StoreLock) {
  return (): Promise<void> => {
    serving.closing ??= (async () => {
      stopSweeps();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of serving.sockets) socket.destroy();
      await stopped;
      serving.cursors.clear();
      try {
        await serving.journal.close();
      } finally {
        await lock.release();
      }
    })();
    return serving.closing;
  };
}

export async function startEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const dir = path.resolve(options.dir);
  const host = options.host ?? '127.0.0.1';
  const onError = options.onError ?? ((err: unknown) => console.error('embedded store:', err));
  fs.mkdirSync(dir, { recursive: true });
  const lock = await acquireStoreLock(dir);
  try {
    const { catalog, journal } = await recover(dir, options, onError);
    const sockets = new Set<net.Socket>();
    const serving: Serving = {
      catalog,
      journal,
      cursors: new CursorManager(options.cursorTimeoutMs),
      sockets,
      info: { host, port: 0, startedAt: new Date(), connections: () => sockets.size },
      onError,
      closing: undefined,
      nextConnectionId: 1,
    };
    const server = net.createServer((socket) => serveConnection(serving, socket));
    await listen(server, options.port ?? 0, host);
    const port = (server.address() as AddressInfo).port;
    serving.info.port = port;
    const uri = `mongodb://${host}:${port}/`;
    lock.publish({ port, uri });
    const close = closer(serving, server, startSweeps(serving, options), lock);
    const inProcessId = serving.nextConnectionId++;
    const run = (db: string, command: Document) => runInProcess(serving, inProcessId, db, command);
    return { uri, port, host, dir, run, compact: () => journal.compact(), close };
  } catch (err) {
    await lock.release();
    throw err;
  }
}

// Server-level commands: the hello / isMaster handshake (standalone, no compression), ping,
// buildInfo, getParameter, session bookkeeping (accepted and ignored), serverStatus,
// connectionStatus, listDatabases and hostInfo-style facts.
import os from 'node:os';
import { Long } from '../bson.js';
import type { Document } from '../bson.js';
import type { CommandHandler } from './context.js';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../wire-protocol.js';
import { calculateObjectSize } from '../bson.js';
import { storedSize } from '../stored-form.js';

export const STORE_VERSION = '7.0.0';
export const MAX_WIRE_VERSION = 21;

const hello: CommandHandler = (cmd, ctx) => {
  const reply: Document = {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
  if (!('helloOk' in cmd)) delete reply.helloOk;
  return reply;
};

const buildInfo: CommandHandler = () => ({
  version: STORE_VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

const getParameter: CommandHandler = (cmd) => {
  const known: Document = { featureCompatibilityVersion: { version: '7.0' }, authenticationMechanisms: [] };
  const reply: Document = {};
  const all = cmd.getParameter === '*' || (typeof cmd.getParameter === 'object' && cmd.getParameter !== null);
  for (const [k, v] of Object.entries(known)) if (all || k in cmd) reply[k] = v as unknown;
  return { ...reply, ok: 1 };
};

const ok: CommandHandler = () => ({ ok: 1 });

const serverStatus: CommandHandler = (_cmd, ctx) => ({
  host: `${os.hostname()}:${ctx.server.port}`,
  version: STORE_VERSION,
  process: 'mongod',
  pid: Long.fromNumber(process.pid),
  uptime: Math.floor((Date.now() - ctx.server.startedAt.getTime()) / 1000),
  localTime: new Date(),
  connections: { current: ctx.server.connections(), available: 1000 },
  metrics: { cursor: { open: { total: ctx.cursors.open } } },
  storageEngine: { name: 'embedded', persistent: true },
  ok: 1,
});

const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

const listDatabases: CommandHandler = (cmd, ctx) => {
  const databases = ctx.catalog.databaseNames().map((name) => {
    const size = ctx.catalog
      .collections(name)
      .reduce((n, c) => n + c.allStored().reduce((m, d) => m + storedSize(d, calculateObjectSize), 0), 0);
    return { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (cmd.nameOnly) return { databases: databases.map((d) => ({ name: d.name })), ok: 1 };
  return { databases, totalSize: databases.reduce((n, d) => n + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
};

const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1', ok: 1 });

export const adminCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  endSessions: ok,
  killAllSessions: ok,
  killSessions: ok,
  refreshSessions: ok,
  serverStatus,
  connectionStatus,
  listDatabases,
  whatsmyuri,
};

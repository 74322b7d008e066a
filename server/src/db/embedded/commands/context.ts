// What a command handler receives: the target database, the catalog, the cursor manager and
// facts about the server; plus the handler type and small argument helpers shared by handlers.
import type { Document } from '../bson.js';
import type { Catalog } from '../catalog.js';
import type { CursorManager } from '../cursors.js';
import { CommandError } from '../errors.js';
import type { BatchReply } from '../cursors.js';

export interface ServerInfo {
  host: string;
  port: number;
  startedAt: Date;
  connections(): number;
}

export interface CommandContext {
  db: string;
  catalog: Catalog;
  cursors: CursorManager;
  connectionId: number;
  server: ServerInfo;
}

/** A command handler: runs synchronously to completion (writes are atomic per command). */
export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document;

/** The collection name given as the value of the command's first field. */
export function collectionArg(cmd: Document, name: string): string {
  const value: unknown = cmd[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof value}`);
  }
  return value;
}

export function cursorReply(reply: BatchReply, first: boolean): Document {
  return {
    cursor: first
      ? { firstBatch: reply.batch, id: reply.id, ns: reply.ns }
      : { nextBatch: reply.batch, id: reply.id, ns: reply.ns },
    ok: 1,
  };
}

// Command dispatch: looks the command up by its first field, refuses transactions (this is a
// standalone server), answers unknown commands with MongoDB's CommandNotFound (code 59) and turns
// any thrown error into an `{ ok: 0, errmsg, code, codeName }` reply.
import type { Document } from '../bson.js';
import type { CommandContext, CommandHandler } from './context.js';
import { adminCommands } from './admin-commands.js';
import { queryCommands } from './query-commands.js';
import { writeCommands } from './write-commands.js';
import { findAndModifyCommands } from './find-and-modify.js';
import { collectionCommands } from './collection-commands.js';
import { indexCommands } from './index-commands.js';
import { CommandError, toCommandError } from '../errors.js';

const HANDLERS = new Map<string, CommandHandler>(
  Object.entries({
    ...adminCommands,
    ...queryCommands,
    ...writeCommands,
    ...findAndModifyCommands,
    ...collectionCommands,
    ...indexCommands,
  }),
);

export function commandNames(): string[] {
  return Array.from(HANDLERS.keys());
}

/** Runs one command to completion and returns its reply document (never throws). */
export function runCommand(cmd: Document, ctx: CommandContext): Document {
  const name = Object.keys(cmd)[0];
  try {
    if (name === undefined) throw new CommandError('CommandNotFound', "no such command: ''");
    const handler = HANDLERS.get(name);
    if (!handler) throw new CommandError('CommandNotFound', `no such command: '${name}'`);
    if (cmd.txnNumber !== undefined || cmd.startTransaction !== undefined || cmd.autocommit !== undefined) {
      throw new CommandError(
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    return handler(cmd, ctx);
  } catch (err) {
    return toCommandError(err).toReply();
  }
}

// MongoDB-shaped command errors: the numeric codes and code names a real mongod answers with,
// and the `CommandError` class that command handlers throw to produce an `{ ok: 0, ... }` reply.
import type { Document } from './bson.js';

export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  DuplicateKey: 11000,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/** An error that becomes `{ ok: 0, errmsg, code, codeName, ...extra }` in the reply. */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: ErrorCodeName;
  readonly extra: Document;

  constructor(codeName: ErrorCodeName, message: string, extra: Document = {}) {
    super(message);
    this.name = 'CommandError';
    this.codeName = codeName;
    this.code = ErrorCodes[codeName];
    this.extra = extra;
  }

  /** The reply document for a failed command. */
  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The entry of a `writeErrors` array for the write at position `index` of a batch. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/** Wraps anything thrown while executing a command (mingo errors, bad input) as a CommandError. */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // mingo's own checks use mongod's wording; give them mongod's codes
  if (/would modify the immutable field/.test(message)) return new CommandError('ImmutableField', message);
  if (/^Unknown (update|modifier)/i.test(message)) return new CommandError('FailedToParse', message);
  return new CommandError('BadValue', message);
}

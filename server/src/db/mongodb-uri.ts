// A MongoDB connection string as the server, `pkg-admin db copy` and the backups read it: the
// database is the URI's path (`mongodb://host/<database>`), or `pkg` when the path is empty,
// so that every tool given the same URI works on the same database (docs/operator.md).
import { ConnectionString } from 'mongodb-connection-string-url';
import { redactUri } from './redact-uri.js';

/** The database of a URI without a path, and of the embedded store. */
export const DEFAULT_DB_NAME = 'pkg';

/** Characters MongoDB refuses in a database name (and its 63-byte limit, checked below). */
const BAD_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export interface MongoUri {
  /** The URI as given (holds credentials: never print it). */
  uri: string;
  database: string;
  /** Credentials redacted: safe to print. */
  displayUri: string;
}

/** A URI that is not a usable MongoDB connection string; the message holds no credentials. */
export class MongoUriError extends Error {
  override name = 'MongoUriError';
  constructor(
    displayUri: string,
    /** What is wrong, without the URI. */
    readonly reason: string,
  ) {
    super(`${displayUri}: ${reason}`);
  }
}

function databaseOf(parsed: ConnectionString, displayUri: string): string {
  let database: string;
  try {
    database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  } catch {
    throw new MongoUriError(displayUri, 'the database name is not valid percent-encoding');
  }
  if (database === '') return DEFAULT_DB_NAME;
  if (BAD_DB_CHARS.test(database) || Buffer.byteLength(database) > 63) {
    throw new MongoUriError(
      displayUri,
      `"${database}" is not a MongoDB database name (at most 63 bytes, none of / \\ . " $ * < > : | ?)`,
    );
  }
  return database;
}

export function parseMongoUri(uri: string): MongoUri {
  const displayUri = redactUri(uri);
  if (!/^mongodb(\+srv)?:\/\//.test(uri)) {
    throw new MongoUriError(displayUri, 'must start with mongodb:// or mongodb+srv://');
  }
  let parsed: ConnectionString;
  try {
    parsed = new ConnectionString(uri);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    const reason = message.replace(/mongodb(?:\+srv)?:\/\/\S+/g, (found) => redactUri(found));
    throw new MongoUriError(displayUri, reason);
  }
  return { uri, database: databaseOf(parsed, displayUri), displayUri };
}

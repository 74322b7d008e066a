// Artifact bytes in GridFS (bucket `artifacts`). A put is verified by reading the stored
// bytes back from the backend and comparing their SHA-256 with the expected integrity, while the
// caller of `write` may write what refers to the bytes (and undo it when the check fails). The
// read-back asks for the file document and the first chunks at once (one round trip for an
// artifact of up to four chunks). A caller whose last write is journaled may write the bytes
// journaled later (journaled-later.ts). One bucket per database and write concern: a bucket
// checks the indexes once, not at every write. An artifact of one chunk (most packages) is
// written as two inserts, its chunk then its file document, as the upload stream would write
// them, without the stream's overhead. Those two inserts and the read-back of an artifact of up
// to four chunks go through the store's operations (store-commands.ts: in-process into the
// embedded store, else the driver's), one find each for the file document and its chunks.
// Reads fetch four chunks per round trip (a download holds about 2 MB whatever the artifact's
// size, and follows the client's pace) and check every chunk's number and size. In front of
// GridFS, a copy of each artifact on the server's disk (artifact-disk-cache.ts), written at
// publish (beside the GridFS writes, dropped if they fail or the read-back does not match) or by
// the first download, serves later downloads as a file stream.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createIntegrityHasher } from '@pkg/shared';
import mongoose, { type Connection } from 'mongoose';
import type { DiskArtifactCache, SendableBytes } from './artifact-disk-cache.js';
import type { StoreCommands } from './store-commands.js';

export type { SendableBytes } from './artifact-disk-cache.js';
import { JOURNALED_LATER, READ_UNJOURNALED } from './journaled-later.js';

export const ARTIFACT_BUCKET = 'artifacts';
export const ARTIFACT_BACKEND = 'gridfs';
/** GridFS's chunk size (its default, 255 KiB), which the bucket writes with. */
const CHUNK_SIZE = 255 * 1024;
/** GridFS chunks (255 KiB each) fetched per round trip. */
const CHUNKS_PER_BATCH = 4;

type ObjectId = mongoose.Types.ObjectId;
type Db = NonNullable<Connection['db']>;

/** The file an artifact is stored as. */
export interface ArtifactFileInfo {
  filename: string;
  integrity: string;
  mediaType: string;
}

/** Bytes written to the backend: their id, and the check of what the backend holds. */
export interface WrittenArtifact {
  id: ObjectId;
  /**
   * Resolves once the backend's copy hashes to `integrity` (and the local copy is written);
   * rejects, with the stored file removed, when it does not.
   */
  verified: Promise<void>;
  /**
   * Settles as `verified` does, but without waiting for the local copy (which fails only with the
   * backend's check): a caller may go on once the bytes are checked and wait for `verified` later
   * (docs/performance.md, "Publish, fourth pass"). Equal to `verified` for the backend's own write.
   */
  checked?: Promise<void> | undefined;
}

/** How the bytes are written: `journaledLater`, by the caller's last, journaled write. */
export interface ArtifactWriteOptions {
  journaledLater?: boolean | undefined;
}

export interface ArtifactStore {
  /**
   * Store the bytes; resolves once they are written, with their check still running, so that a
   * caller can write what refers to them meanwhile (and undo it when the check fails). The bytes
   * are stored only once `verified` resolves.
   */
  write(bytes: Uint8Array, file: ArtifactFileInfo, options?: ArtifactWriteOptions): Promise<WrittenArtifact>;
  /**
   * A stream of the stored bytes; it ends with an error if the file is missing or damaged. From
   * GridFS, it resolves once the first chunk is read (a lost database rejects here).
   */
  open(fileId: ObjectId, signal?: AbortSignal): Promise<Readable>;
  /**
   * The stored bytes opened to be written once to a stream (a download): the local copy through
   * reused buffers (write-file-to.ts), else GridFS's stream piped. Resolves and rejects as `open`.
   */
  openToSend(fileId: ObjectId, signal?: AbortSignal): Promise<SendableBytes>;
  remove(fileId: ObjectId): Promise<void>;
}

export class ArtifactVerificationError extends Error {
  override name = 'ArtifactVerificationError';
}

export class ArtifactReadError extends Error {
  override name = 'ArtifactReadError';
}

interface FileDoc {
  _id: ObjectId;
  length: number;
  chunkSize: number;
  metadata?: { integrity?: unknown } | null;
}

interface ChunkDoc {
  n: number;
  data: mongoose.mongo.Binary | Uint8Array;
}

function chunkBytes(data: ChunkDoc['data']): Buffer {
  const bytes = data instanceof Uint8Array ? data : data.value();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Read options: READ_UNJOURNALED for the read-back of bytes written journaled later. */
type ReadOptions = typeof READ_UNJOURNALED | undefined;

async function findFile(db: Db, fileId: ObjectId, read?: ReadOptions): Promise<FileDoc> {
  const file = await db.collection<FileDoc>(`${ARTIFACT_BUCKET}.files`).findOne({ _id: fileId }, read);
  if (!file) throw new ArtifactReadError(`FileNotFound: no stored artifact ${fileId.toHexString()}`);
  return file;
}

const chunksOf = (db: Db, fileId: ObjectId, read?: ReadOptions) =>
  db
    .collection<ChunkDoc>(`${ARTIFACT_BUCKET}.chunks`)
    .find({ files_id: fileId }, { batchSize: CHUNKS_PER_BATCH, ...read })
    .sort({ n: 1 });

/** The chunks of `file` in order (`docs`: its chunk documents by `n`), each checked against its number and expected size. */
async function* checkedChunks(
  file: FileDoc,
  docs: AsyncIterable<ChunkDoc> | Iterable<ChunkDoc>,
): AsyncGenerator<Buffer> {
  let n = 0;
  let read = 0;
  for await (const doc of docs) {
    const bytes = chunkBytes(doc.data);
    const expected = Math.min(file.chunkSize, file.length - read);
    if (doc.n !== n) throw new ArtifactReadError(`ChunkIsMissing: got chunk ${doc.n}, expected ${n}`);
    if (bytes.byteLength !== expected || expected <= 0) {
      throw new ArtifactReadError(
        `ChunkIsWrongSize: chunk ${n} holds ${bytes.byteLength} bytes, expected ${expected}`,
      );
    }
    n += 1;
    read += bytes.byteLength;
    yield bytes;
  }
  if (read !== file.length)
    throw new ArtifactReadError(`ChunkIsMissing: read ${read} of ${file.length} bytes`);
}

/**
 * The chunks of `file` in order, checked (checkedChunks); `opened`: a cursor over them already
 * asked for its first batch.
 */
async function* storedChunks(
  db: Db,
  file: FileDoc,
  opened?: ReturnType<typeof chunksOf>,
): AsyncGenerator<Buffer> {
  const cursor = opened ?? chunksOf(db, file._id);
  try {
    yield* checkedChunks(file, cursor);
  } finally {
    await cursor.close();
  }
}

/** The open connection's database (read at each use: the connection may open after the store is made). */
function databaseOf(connection: Connection): Db {
  if (!connection.db) throw new Error('the database connection is not open');
  return connection.db;
}

type Bucket = mongoose.mongo.GridFSBucket;
const buckets = new WeakMap<Db, { journaled?: Bucket; journaledLater?: Bucket }>();

/** The database's bucket (made once: it checks the indexes at its first write). */
function bucketOf(connection: Connection, journaledLater = false): Bucket {
  const db = databaseOf(connection);
  const made = buckets.get(db) ?? {};
  buckets.set(db, made);
  const which = journaledLater ? 'journaledLater' : 'journaled';
  made[which] ??= new mongoose.mongo.GridFSBucket(db, {
    bucketName: ARTIFACT_BUCKET,
    chunkSizeBytes: CHUNK_SIZE,
    ...(journaledLater ? JOURNALED_LATER : {}),
  });
  return made[which];
}

/**
 * The integrity and size of what the backend holds under `fileId` (an artifact of up to
 * CHUNKS_PER_BATCH chunks), its file document and chunks read at once through the store's
 * operations.
 */
async function digestOfSmall(commands: StoreCommands, fileId: ObjectId, readUnjournaled: boolean) {
  const hasher = createIntegrityHasher();
  const [files, chunks] = await Promise.all([
    commands.find<FileDoc>(`${ARTIFACT_BUCKET}.files`, { _id: fileId }, { limit: 1, readUnjournaled }),
    commands.find<ChunkDoc>(
      `${ARTIFACT_BUCKET}.chunks`,
      { files_id: fileId },
      { sort: { n: 1 }, readUnjournaled },
    ),
  ]);
  const [file] = files;
  if (!file) throw new ArtifactReadError(`FileNotFound: no stored artifact ${fileId.toHexString()}`);
  for await (const chunk of checkedChunks(file, chunks)) hasher.update(chunk);
  return hasher.digest();
}

/**
 * The integrity and size of what the backend holds under `fileId`, read back chunk by chunk; the
 * file document and the first chunks are asked for at once.
 */
async function digestOf(connection: Connection, fileId: ObjectId, read: ReadOptions) {
  const hasher = createIntegrityHasher();
  const db = databaseOf(connection);
  const cursor = chunksOf(db, fileId, read);
  const [found, first] = await Promise.allSettled([findFile(db, fileId, read), cursor.hasNext()]);
  if (found.status === 'rejected' || first.status === 'rejected') {
    await cursor.close().catch(() => undefined);
    throw found.status === 'rejected' ? found.reason : (first as PromiseRejectedResult).reason;
  }
  const file = found.value;
  for await (const chunk of storedChunks(db, file, cursor)) hasher.update(chunk);
  return hasher.digest();
}

/** The indexes GridFS's upload stream makes at a bucket's first write, made once per database. */
const indexed = new WeakMap<Db, Promise<void>>();

function ensureBucketIndexes(db: Db): Promise<void> {
  const made =
    indexed.get(db) ??
    Promise.all([
      db.collection(`${ARTIFACT_BUCKET}.files`).createIndex({ filename: 1, uploadDate: 1 }),
      db.collection(`${ARTIFACT_BUCKET}.chunks`).createIndex({ files_id: 1, n: 1 }, { unique: true }),
    ]).then(() => undefined);
  indexed.set(db, made);
  made.catch(() => indexed.delete(db)); // tried again at the next write
  return made;
}

/**
 * An artifact of one chunk written as the upload stream writes it, without the stream: its chunk,
 * then its file document (a crash between them leaves a chunk no file names, as the stream's
 * would), each one insert (docs/performance.md, "Publish, second pass").
 */
async function writeOneChunk(
  connection: Connection,
  commands: StoreCommands,
  id: ObjectId,
  bytes: Uint8Array,
  file: ArtifactFileInfo,
  options: ArtifactWriteOptions,
): Promise<void> {
  await ensureBucketIndexes(databaseOf(connection));
  const write = { journaledLater: options.journaledLater };
  const data = new mongoose.mongo.Binary(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  await commands.insertOne(
    `${ARTIFACT_BUCKET}.chunks`,
    { _id: new mongoose.Types.ObjectId(), files_id: id, n: 0, data },
    write,
  );
  await commands.insertOne(
    `${ARTIFACT_BUCKET}.files`,
    {
      _id: id,
      length: bytes.byteLength,
      chunkSize: CHUNK_SIZE,
      uploadDate: new Date(),
      filename: file.filename,
      metadata: { integrity: file.integrity, mediaType: file.mediaType },
    },
    write,
  );
}

/** Removes a file and its chunks (what there is of them), failures ignored. */
const discardFile = (connection: Connection, id: ObjectId) =>
  bucketOf(connection)
    .delete(id)
    .catch(() => undefined);

/** An artifact of any size through GridFS's upload stream. */
async function writeStreamed(
  connection: Connection,
  id: ObjectId,
  bytes: Uint8Array,
  file: ArtifactFileInfo,
  options: ArtifactWriteOptions,
): Promise<void> {
  const upload = bucketOf(connection, options.journaledLater).openUploadStreamWithId(id, file.filename, {
    metadata: { integrity: file.integrity, mediaType: file.mediaType },
  });
  await pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), upload);
}

/**
 * Writes the bytes to GridFS (one chunk's worth without the upload stream); `verified` reads them
 * back and keeps them only if they hash to the integrity (the file is removed when they do not).
 */
async function writeVerified(
  connection: Connection,
  commands: StoreCommands,
  id: ObjectId,
  bytes: Uint8Array,
  file: ArtifactFileInfo,
  options: ArtifactWriteOptions,
): Promise<WrittenArtifact> {
  try {
    if (bytes.byteLength > 0 && bytes.byteLength <= CHUNK_SIZE)
      await writeOneChunk(connection, commands, id, bytes, file, options);
    else await writeStreamed(connection, id, bytes, file, options);
  } catch (error) {
    await discardFile(connection, id);
    throw error;
  }
  const discard = () => discardFile(connection, id);
  const digest =
    bytes.byteLength <= CHUNK_SIZE * CHUNKS_PER_BATCH
      ? digestOfSmall(commands, id, options.journaledLater === true)
      : digestOf(connection, id, options.journaledLater ? READ_UNJOURNALED : undefined);
  const verified = digest.then(
    async (stored) => {
      if (stored.integrity === file.integrity && stored.size === bytes.byteLength) return;
      await discard();
      throw new ArtifactVerificationError(
        `the backend holds ${stored.integrity} (${stored.size} bytes), expected ${file.integrity} (${bytes.byteLength} bytes)`,
      );
    },
    async (error: unknown) => {
      await discard();
      throw error;
    },
  );
  return { id, verified };
}

/** Streams from GridFS; with a disk cache, the first reader also writes the local copy. */
async function* fromStore(
  connection: Connection,
  fileId: ObjectId,
  disk: DiskArtifactCache | undefined,
): AsyncGenerator<Buffer> {
  const db = databaseOf(connection);
  const file = await findFile(db, fileId);
  const integrity = file.metadata?.integrity;
  const copy =
    typeof integrity === 'string' ? disk?.fill(fileId.toHexString(), file.length, integrity) : undefined;
  let complete = false;
  try {
    for await (const chunk of storedChunks(db, file)) {
      copy?.write(chunk);
      yield chunk;
    }
    complete = true;
  } finally {
    // the response already holds every byte (its length is declared) while the copy is kept
    if (copy && complete) await copy.end();
    else copy?.abort();
  }
}

/**
 * The GridFS bytes as a stream, once their first chunk is read: a database that is gone rejects
 * here, before the caller has answered anything (a download is then 503, not a response cut
 * short); a failure after that ends the stream with the error.
 */
async function openStored(
  connection: Connection,
  fileId: ObjectId,
  disk: DiskArtifactCache | undefined,
): Promise<Readable> {
  const chunks = fromStore(connection, fileId, disk);
  const first = await chunks.next();
  const stream = new Readable({
    read() {
      chunks.next().then(
        (next) => this.push(next.done ? null : next.value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      // ends the generator where it stands: its cursor is closed, an unfinished disk copy dropped
      chunks.return(undefined).then(
        () => callback(error),
        (failure: unknown) => callback(error ?? (failure instanceof Error ? failure : null)),
      );
    },
  });
  stream.push(first.done ? null : first.value);
  return stream;
}

/** `stream`, destroyed when `signal` aborts. */
function stopOnAbort(stream: Readable, signal: AbortSignal | undefined): Readable {
  if (signal?.aborted) stream.destroy();
  else signal?.addEventListener('abort', () => stream.destroy(), { once: true });
  return stream;
}

/** `disk`: the local copies in front of GridFS; undefined streams every read from GridFS. */
export function createArtifactStore(
  connection: Connection,
  commands: StoreCommands,
  disk?: DiskArtifactCache,
): ArtifactStore {
  const write = async (
    bytes: Uint8Array,
    file: ArtifactFileInfo,
    options: ArtifactWriteOptions = {},
  ): Promise<WrittenArtifact> => {
    const id = new mongoose.Types.ObjectId();
    const key = id.toHexString();
    // The local copy is written while the backend's is written and read back (its trips to the
    // thread pool then wait for no store command); dropped if either fails (docs/performance.md,
    // "Publish, second pass").
    const copied = disk?.write(key, bytes);
    let written: WrittenArtifact;
    try {
      written = await writeVerified(connection, commands, id, bytes, file, options);
    } catch (error) {
      await copied;
      await disk?.delete(key).catch(() => undefined);
      throw error;
    }
    // the local copy is removed once it is written (never while it is), when the check fails
    const checked = written.verified.catch(async (error: unknown) => {
      await copied;
      await disk?.delete(key).catch(() => undefined);
      throw error;
    });
    const verified = Promise.all([checked, copied]).then(() => undefined);
    // the caller awaits them; a failure is not unhandled meanwhile
    checked.catch(() => undefined);
    verified.catch(() => undefined);
    return { id, verified, checked };
  };
  return {
    write,
    async open(fileId, signal) {
      const local = await disk?.read(fileId.toHexString());
      return stopOnAbort(local ?? (await openStored(connection, fileId, disk)), signal);
    },
    async openToSend(fileId, signal) {
      const local = await disk?.send(fileId.toHexString());
      if (local) return local; // a write to a closed destination fails, which ends the send
      const stream = stopOnAbort(await openStored(connection, fileId, disk), signal);
      return { writeTo: (destination) => pipeline(stream, destination) };
    },
    async remove(fileId) {
      await disk?.delete(fileId.toHexString());
      await bucketOf(connection).delete(fileId);
    },
  };
}

// Artifact bytes in GridFS (bucket `artifacts`). A put is verified by reading the stored
// bytes back from the backend and comparing their SHA-256 with the expected integrity.
// Reads fetch four chunks per round trip (a download holds about 2 MB whatever the artifact's
// size, and follows the client's pace) and check every chunk's number and size. Recently read
// artifacts are served from a small in-memory cache (artifact-cache.ts): they are immutable.
import { webcrypto } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createIntegrityHasher } from '@pkg/shared';
import mongoose, { type Connection } from 'mongoose';
import { createArtifactCache } from './artifact-cache.js';

export const ARTIFACT_BUCKET = 'artifacts';
export const ARTIFACT_BACKEND = 'gridfs';
/** Memory for recently downloaded artifacts, per server process. */
export const ARTIFACT_CACHE_BYTES = 32 * 1024 * 1024;
const ARTIFACT_CACHE_ITEM_BYTES = 8 * 1024 * 1024;
/** GridFS chunks (255 KiB each) fetched per round trip. */
const CHUNKS_PER_BATCH = 4;
/** Pieces a cached artifact is written in (views of one Buffer, never copies). */
const CACHED_PIECE_BYTES = 1024 * 1024;

type ObjectId = mongoose.Types.ObjectId;
type Db = NonNullable<Connection['db']>;

export interface ArtifactStore {
  /** Store the bytes; resolves only once the backend's copy hashes to `integrity`. */
  put(bytes: Uint8Array, file: { filename: string; integrity: string; mediaType: string }): Promise<ObjectId>;
  /** A stream of the stored bytes; ends with an error if the file is missing or damaged. */
  open(fileId: ObjectId, signal?: AbortSignal): Readable;
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

async function findFile(db: Db, fileId: ObjectId): Promise<FileDoc> {
  const file = await db.collection<FileDoc>(`${ARTIFACT_BUCKET}.files`).findOne({ _id: fileId });
  if (!file) throw new ArtifactReadError(`FileNotFound: no stored artifact ${fileId.toHexString()}`);
  return file;
}

/** The chunks of `file` in order, each checked against its number and expected size. */
async function* storedChunks(db: Db, file: FileDoc): AsyncGenerator<Buffer> {
  const cursor = db
    .collection<ChunkDoc>(`${ARTIFACT_BUCKET}.chunks`)
    .find({ files_id: file._id }, { batchSize: CHUNKS_PER_BATCH })
    .sort({ n: 1 });
  let n = 0;
  let read = 0;
  try {
    for await (const doc of cursor) {
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
  } finally {
    await cursor.close();
  }
  if (read !== file.length)
    throw new ArtifactReadError(`ChunkIsMissing: read ${read} of ${file.length} bytes`);
}

function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.byteLength; at += CACHED_PIECE_BYTES)
    yield bytes.subarray(at, at + CACHED_PIECE_BYTES);
}

export function createArtifactStore(connection: Connection): ArtifactStore {
  const cache = createArtifactCache({
    maxBytes: ARTIFACT_CACHE_BYTES,
    maxItemBytes: ARTIFACT_CACHE_ITEM_BYTES,
  });
  const database = () => {
    if (!connection.db) throw new Error('the database connection is not open');
    return connection.db;
  };
  const bucket = () => new mongoose.mongo.GridFSBucket(database(), { bucketName: ARTIFACT_BUCKET });
  const digestOf = async (fileId: ObjectId) => {
    const hasher = createIntegrityHasher();
    const db = database();
    for await (const chunk of storedChunks(db, await findFile(db, fileId))) hasher.update(chunk);
    return hasher.digest();
  };

  /**
   * Caches `parts` if they hash to the integrity recorded at publish. The digest runs on the
   * thread pool; the response already holds every byte (its length is declared) while it runs.
   */
  const fill = async (key: string, parts: Buffer[], length: number, integrity: string) => {
    const bytes = Buffer.concat(parts, length);
    const digest = await webcrypto.subtle.digest('SHA-256', bytes).catch(() => undefined);
    const verified = digest !== undefined && `sha256-${Buffer.from(digest).toString('hex')}` === integrity;
    cache.release(key, verified ? bytes : undefined);
  };

  /** Streams from GridFS; the first reader of a cacheable artifact also fills the cache. */
  async function* fromStore(fileId: ObjectId): AsyncGenerator<Buffer> {
    const db = database();
    const file = await findFile(db, fileId);
    const key = fileId.toHexString();
    const integrity = file.metadata?.integrity;
    const filling = typeof integrity === 'string' && cache.claim(key, file.length);
    const parts: Buffer[] = [];
    let complete = false;
    try {
      for await (const chunk of storedChunks(db, file)) {
        if (filling) parts.push(chunk);
        yield chunk;
      }
      complete = true;
    } finally {
      if (filling && complete) await fill(key, parts, file.length, integrity);
      else if (filling) cache.release(key);
    }
  }

  return {
    async put(bytes, file) {
      const upload = bucket().openUploadStream(file.filename, {
        metadata: { integrity: file.integrity, mediaType: file.mediaType },
      });
      try {
        await pipeline(
          Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
          upload,
        );
      } catch (error) {
        await bucket()
          .delete(upload.id)
          .catch(() => undefined);
        throw error;
      }
      const stored = await digestOf(upload.id).catch(async (error: unknown) => {
        await bucket()
          .delete(upload.id)
          .catch(() => undefined);
        throw error;
      });
      if (stored.integrity !== file.integrity || stored.size !== bytes.byteLength) {
        await bucket()
          .delete(upload.id)
          .catch(() => undefined);
        throw new ArtifactVerificationError(
          `the backend holds ${stored.integrity} (${stored.size} bytes), expected ${file.integrity} (${bytes.byteLength} bytes)`,
        );
      }
      return upload.id;
    },
    open(fileId, signal) {
      const cached = cache.get(fileId.toHexString());
      const stream = Readable.from(cached ? pieces(cached) : fromStore(fileId), { objectMode: false });
      signal?.addEventListener('abort', () => stream.destroy(), { once: true });
      return stream;
    },
    async remove(fileId) {
      cache.delete(fileId.toHexString());
      await bucket().delete(fileId);
    },
  };
}

// Artifact bytes in GridFS (bucket `artifacts`). A put is verified by reading the stored
// bytes back from the backend and comparing their SHA-256 with the expected integrity.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createIntegrityHasher } from '@pkg/shared';
import mongoose, { type Connection } from 'mongoose';

export const ARTIFACT_BUCKET = 'artifacts';
export const ARTIFACT_BACKEND = 'gridfs';

type ObjectId = mongoose.Types.ObjectId;

export interface ArtifactStore {
  /** Store the bytes; resolves only once the backend's copy hashes to `integrity`. */
  put(bytes: Uint8Array, file: { filename: string; integrity: string; mediaType: string }): Promise<ObjectId>;
  /** A stream of the stored bytes; ends with an error if the file is missing. */
  open(fileId: ObjectId, signal?: AbortSignal): Readable;
  remove(fileId: ObjectId): Promise<void>;
}

export class ArtifactVerificationError extends Error {
  override name = 'ArtifactVerificationError';
}

export function createArtifactStore(connection: Connection): ArtifactStore {
  const bucket = () => {
    if (!connection.db) throw new Error('the database connection is not open');
    return new mongoose.mongo.GridFSBucket(connection.db, { bucketName: ARTIFACT_BUCKET });
  };
  const digestOf = async (fileId: ObjectId) => {
    const hasher = createIntegrityHasher();
    for await (const chunk of bucket().openDownloadStream(fileId)) hasher.update(chunk as Buffer);
    return hasher.digest();
  };
  return {
    async put(bytes, file) {
      const upload = bucket().openUploadStream(file.filename, {
        metadata: { integrity: file.integrity, mediaType: file.mediaType },
      });
      try {
        await pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), upload);
      } catch (error) {
        await bucket().delete(upload.id).catch(() => undefined);
        throw error;
      }
      const stored = await digestOf(upload.id).catch(async (error: unknown) => {
        await bucket().delete(upload.id).catch(() => undefined);
        throw error;
      });
      if (stored.integrity !== file.integrity || stored.size !== bytes.byteLength) {
        await bucket().delete(upload.id).catch(() => undefined);
        throw new ArtifactVerificationError(
          `the backend holds ${stored.integrity} (${stored.size} bytes), expected ${file.integrity} (${bytes.byteLength} bytes)`,
        );
      }
      return upload.id;
    },
    open(fileId, signal) {
      const stream = bucket().openDownloadStream(fileId);
      signal?.addEventListener('abort', () => stream.destroy(), { once: true });
      return stream;
    },
    async remove(fileId) {
      await bucket().delete(fileId);
    },
  };
}

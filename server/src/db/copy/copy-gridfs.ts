// GridFS files, one at a time: a file's chunks are copied first (in order) and its `files`
// document after them, as GridFS itself writes a file, so the target never lists a file whose
// bytes are not all there. Chunks of no file (an upload still running, or one that failed) are
// left behind. `done` holds the ids already copied, so a later pass copies only new files.
import { BSON, type Db } from 'mongodb';
import { RAW_READ, copyBatches, type Copied } from './copy-batches.js';

export interface GridFsCopied {
  files: Copied;
  chunks: Copied;
}

/** The GridFS buckets among collection names: `X` when both `X.files` and `X.chunks` exist. */
export function gridFsBuckets(names: string[]): string[] {
  const all = new Set(names);
  return names
    .filter((n) => n.endsWith('.files') && all.has(`${n.slice(0, -'.files'.length)}.chunks`))
    .map((n) => n.slice(0, -'.files'.length));
}

export async function copyGridFsFiles(
  source: Db,
  target: Db,
  bucket: string,
  done: Set<string>,
): Promise<GridFsCopied> {
  const copied: GridFsCopied = { files: { documents: 0, bytes: 0 }, chunks: { documents: 0, bytes: 0 } };
  const from = { files: source.collection(`${bucket}.files`), chunks: source.collection(`${bucket}.chunks`) };
  const to = { files: target.collection(`${bucket}.files`), chunks: target.collection(`${bucket}.chunks`) };
  const ids = from.files.find({}, { ...RAW_READ, projection: { _id: 1 }, batchSize: 1000 });
  try {
    for await (const { _id: id } of ids) {
      const key = BSON.EJSON.stringify(id, { relaxed: false });
      if (done.has(key)) continue;
      const chunks = await copyBatches(from.chunks, to.chunks, { filter: { files_id: id }, sort: { n: 1 } });
      const file = await copyBatches(from.files, to.files, { filter: { _id: id } });
      copied.chunks.documents += chunks.documents;
      copied.chunks.bytes += chunks.bytes;
      copied.files.documents += file.documents;
      copied.files.bytes += file.bytes;
      done.add(key);
    }
  } finally {
    await ids.close();
  }
  return copied;
}

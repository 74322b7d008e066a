// Copies what a source cursor yields into a target collection in ordered insertMany batches,
// holding one batch at a time (at most BATCH_DOCS documents or about BATCH_BYTES), and reads
// documents without promoting BSON values, so that an Int32 stays an Int32, a Long a Long,
// a Double a Double and a regular expression a BSON regular expression.
import { BSON, type Collection, type Document, type Filter, type FindOptions } from 'mongodb';

const BATCH_DOCS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

/** Read options that keep every value's BSON type as stored. */
export const RAW_READ: FindOptions = {
  promoteValues: false,
  promoteLongs: false,
  promoteBuffers: false,
  bsonRegExp: true,
};

export interface Copied {
  documents: number;
  bytes: number;
}

/** Copies the documents of `from` matching `filter` (in `sort` order) into `to`. */
export async function copyBatches(
  from: Collection,
  to: Collection,
  query: { filter?: Filter<Document>; sort?: Document } = {},
): Promise<Copied> {
  const cursor = from.find(query.filter ?? {}, { ...RAW_READ, batchSize: BATCH_DOCS });
  if (query.sort) cursor.sort(query.sort);
  const copied: Copied = { documents: 0, bytes: 0 };
  let batch: Document[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await to.insertMany(batch, { ordered: true });
    copied.documents += batch.length;
    copied.bytes += batchBytes;
    batch = [];
    batchBytes = 0;
  };
  try {
    for await (const doc of cursor) {
      const size = BSON.calculateObjectSize(doc);
      if (batch.length >= BATCH_DOCS || (batch.length > 0 && batchBytes + size > BATCH_BYTES)) await flush();
      batch.push(doc);
      batchBytes += size;
    }
    await flush();
  } finally {
    await cursor.close();
  }
  return copied;
}

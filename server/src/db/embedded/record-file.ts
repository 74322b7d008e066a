// The on-disk record format shared by the journal and the snapshot: each record is
// [u32 payload length][u32 CRC32 of payload][payload], the payload being one or more BSON
// documents back to back. Reading stops at the first torn or corrupt record.
import { crc32 } from 'node:zlib';
import { deserialize, serialize } from './bson.js';
import type { Document } from './bson.js';

const HEADER = 8;

/** BSON options that keep every stored type as it was written (Long stays Long). */
export const STORE_BSON_OPTIONS = {
  promoteLongs: false,
  promoteValues: true,
  promoteBuffers: false,
} as const;

export function encodeRecord(docs: Document[]): Buffer {
  return encodeSerialized(docs.map(serializeDocument));
}

export function serializeDocument(doc: Document): Uint8Array {
  return serialize(doc, { checkKeys: false, ignoreUndefined: true });
}

/** One record of documents already serialized with `serializeDocument`. */
export function encodeSerialized(parts: Uint8Array[]): Buffer {
  const payloadLength = parts.reduce((n, p) => n + p.length, 0);
  const out = Buffer.allocUnsafe(HEADER + payloadLength);
  let offset = HEADER;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  const payload = out.subarray(HEADER);
  out.writeUInt32LE(payloadLength, 0);
  out.writeUInt32LE(crc32(payload), 4);
  return out;
}

export interface ReadResult {
  /** the documents of each intact record, in order */
  records: Document[][];
  /** bytes of the file covered by intact records; anything after is torn or corrupt */
  validLength: number;
}

export function decodeRecords(buf: Buffer): ReadResult {
  const records: Document[][] = [];
  let offset = 0;
  while (offset + HEADER <= buf.length) {
    const length = buf.readUInt32LE(offset);
    const checksum = buf.readUInt32LE(offset + 4);
    const end = offset + HEADER + length;
    if (end > buf.length) break;
    const payload = buf.subarray(offset + HEADER, end);
    if (crc32(payload) !== checksum) break;
    const docs = decodePayload(payload);
    if (!docs) break;
    records.push(docs);
    offset = end;
  }
  return { records, validLength: offset };
}

function decodePayload(payload: Buffer): Document[] | undefined {
  const docs: Document[] = [];
  let pos = 0;
  while (pos < payload.length) {
    if (pos + 4 > payload.length) return undefined;
    const size = payload.readInt32LE(pos);
    if (size < 5 || pos + size > payload.length) return undefined;
    docs.push(deserialize(payload.subarray(pos, pos + size), STORE_BSON_OPTIONS));
    pos += size;
  }
  return docs;
}

// MongoDB wire protocol framing: splits the socket byte stream into messages, parses OP_MSG
// (body + document sequences, optional checksum) and legacy OP_QUERY (the first handshake), and
// encodes OP_MSG and OP_REPLY replies. Compression is never advertised, so OP_COMPRESSED is refused.
import { deserialize, serialize } from './bson.js';
import type { Document } from './bson.js';
import { STORE_BSON_OPTIONS } from './record-file.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;

const FLAG_CHECKSUM_PRESENT = 1;
const FLAG_MORE_TO_COME = 2;

export type IncomingMessage =
  | { kind: 'msg'; requestId: number; moreToCome: boolean; command: Document }
  | { kind: 'query'; requestId: number; collection: string; command: Document };

export class ProtocolError extends Error {}

/** Accumulates socket chunks and yields each complete message. */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    for (;;) {
      if (this.buffered < 4) break;
      if ((this.chunks[0] as Buffer).length < 4) this.flatten();
      const length = (this.chunks[0] as Buffer).readInt32LE(0);
      if (length < 16 || length > MAX_MESSAGE_SIZE)
        throw new ProtocolError(`invalid message length ${length}`);
      if (this.buffered < length) break;
      const all = this.flatten();
      out.push(all.subarray(0, length));
      const rest = all.subarray(length);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  private flatten(): Buffer {
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.chunks = [all];
    return all;
  }
}

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function readDocument(buf: Buffer, offset: number): [Document, number] {
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > buf.length) throw new ProtocolError('invalid BSON document size');
  return [deserialize(buf.subarray(offset, offset + size), STORE_BSON_OPTIONS), offset + size];
}

export function parseMessage(buf: Buffer): IncomingMessage {
  const requestId = buf.readInt32LE(4);
  const opCode = buf.readInt32LE(12);
  if (opCode === OP_MSG) {
    const flags = buf.readUInt32LE(16);
    const end = flags & FLAG_CHECKSUM_PRESENT ? buf.length - 4 : buf.length;
    let offset = 20;
    let command: Document | undefined;
    const sequences: Array<[string, Document[]]> = [];
    while (offset < end) {
      const kind = buf.readUInt8(offset);
      offset += 1;
      if (kind === 0) {
        [command, offset] = readDocument(buf, offset);
      } else if (kind === 1) {
        const sectionEnd = offset + buf.readInt32LE(offset);
        const [identifier, start] = readCString(buf, offset + 4);
        let pos = start;
        const docs: Document[] = [];
        while (pos < sectionEnd) {
          const [doc, next] = readDocument(buf, pos);
          docs.push(doc);
          pos = next;
        }
        sequences.push([identifier, docs]);
        offset = sectionEnd;
      } else {
        throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!command) throw new ProtocolError('OP_MSG without a body section');
    for (const [identifier, docs] of sequences) {
      const existing: unknown = command[identifier];
      command[identifier] = Array.isArray(existing) ? [...(existing as Document[]), ...docs] : docs;
    }
    return { kind: 'msg', requestId, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0, command };
  }
  if (opCode === OP_QUERY) {
    const [collection, afterName] = readCString(buf, 20);
    // skip numberToSkip and numberToReturn
    const [query] = readDocument(buf, afterName + 8);
    const inner: unknown = query.$query ?? query.query;
    const command = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Document) : query;
    return { kind: 'query', requestId, collection, command };
  }
  throw new ProtocolError(
    opCode === OP_COMPRESSED
      ? 'compression was not negotiated'
      : `unsupported wire protocol opcode ${opCode}`,
  );
}

let nextResponseId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const head = Buffer.allocUnsafe(16);
  head.writeInt32LE(length, 0);
  head.writeInt32LE(nextResponseId++ & 0x7fffffff, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(opCode, 12);
  return head;
}

function encodeDoc(doc: Document): Uint8Array {
  return serialize(doc, { checkKeys: false, ignoreUndefined: true });
}

/** An OP_MSG reply as [header with flags and section kind, body]: written with writev, never joined. */
export function encodeOpMsgParts(responseTo: number, doc: Document): [Buffer, Uint8Array] {
  const body = encodeDoc(doc);
  const head = Buffer.alloc(21);
  header(head.length + body.length, responseTo, OP_MSG).copy(head);
  return [head, body];
}

export function encodeOpMsg(responseTo: number, doc: Document): Buffer {
  const [head, body] = encodeOpMsgParts(responseTo, doc);
  return Buffer.concat([head, body], head.length + body.length);
}

export function encodeOpReply(responseTo: number, doc: Document): Buffer {
  const body = encodeDoc(doc);
  const fields = Buffer.alloc(20);
  // responseFlags 0 (AwaitCapable is irrelevant), cursorId 0, startingFrom 0, numberReturned 1
  fields.writeInt32LE(8, 0);
  fields.writeInt32LE(1, 16);
  const length = 16 + fields.length + body.length;
  return Buffer.concat([header(length, responseTo, OP_REPLY), fields, body], length);
}

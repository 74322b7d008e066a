// Building archives entry by entry with node-tar's Header class (an implementation independent
// of our writer) or raw 512-byte blocks, so that each hostile archive is exactly its attack.
import { Header, type HeaderData } from 'tar';
import { gzipSync } from 'node:zlib';
import { sampleFiles } from './sample-package.js';

export interface RawEntry {
  header: Buffer;
  data?: Buffer;
}

/** One header block; defaults: a regular file, mode 0644, owner 0/0. */
export function header(fields: HeaderData & { type?: HeaderData['type'] }): Buffer {
  const h = new Header({
    mode: 0o644,
    uid: 0,
    gid: 0,
    mtime: new Date(0),
    uname: '',
    gname: '',
    type: 'File',
    ...fields,
  });
  h.encode();
  if (!h.block) throw new Error('node-tar did not encode a header');
  return h.block;
}

export function file(path: string, text: string | Buffer, fields: HeaderData = {}): RawEntry {
  const data = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { header: header({ path, size: data.byteLength, ...fields }), data };
}

/** Recompute the checksum of a block edited by hand. */
export function fixChecksum(block: Buffer): Buffer {
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export function tar(entries: readonly RawEntry[]): Buffer {
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    chunks.push(entry.header);
    if (entry.data) {
      chunks.push(entry.data);
      const padding = (512 - (entry.data.byteLength % 512)) % 512;
      chunks.push(Buffer.alloc(padding));
    }
  }
  chunks.push(Buffer.alloc(1024));
  return Buffer.concat(chunks);
}

export function tgz(entries: readonly RawEntry[]): Buffer {
  return gzipSync(tar(entries));
}

/** The entries of the valid sample package (with overrides), to which an attack is added. */
export function sampleEntries(overrides: Record<string, string | undefined> = {}): RawEntry[] {
  return [...sampleFiles(overrides)].map(([path, text]) => file(path, text));
}

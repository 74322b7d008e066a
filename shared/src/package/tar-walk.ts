// Walking an in-memory tar stream with node-tar's Parser, strictly (a warning of the parser stops
// the walk), in step with the raw blocks. node-tar emits no entry for an extended header (PAX
// `x`/`g`, GNU `L`/`K`: it applies them to the next entry), and it ignores whatever follows the
// end-of-archive marker; so the walk follows node-tar's offsets and hands every header, extended
// ones included, to `visit` with node-tar's reading, the strict reading of its raw block
// (./header-bytes.ts) and its content. A broken stream (bad checksum, no ustar magic, unreadable
// number, truncated entry, directory with data, lone zero block, missing end marker or data after
// it) ends the walk with the reason (docs/package-format.md, Archive rules).
import { Header } from 'tar/header';
import { Parser } from 'tar/parse';
import type { ReadEntry } from 'tar/read-entry';
import { BLOCK_SIZE, type HeaderBytes, readHeaderBytes } from './header-bytes.js';

export interface TarEntry {
  /** node-tar's reading of the header (with a preceding extended header applied). */
  header: Header;
  /** The strict reading of the same 512 bytes. */
  raw: HeaderBytes;
  /** The content; empty for extended headers and for the entry types node-tar skips. */
  data: Buffer;
}

/** Typeflags that node-tar reads as extended headers, emitting no entry for them. */
const EXTENDED_TYPEFLAGS = new Set(['x', 'g', 'X', 'L', 'K', 'N']);
const NO_DATA = Buffer.alloc(0);

const blocksOf = (size: number) => Math.ceil(size / BLOCK_SIZE) * BLOCK_SIZE;

/** Walk `tar`, calling `visit` for each header in order; returns why the stream is broken, if it is. */
export function walkTar(tar: Buffer, visit: (entry: TarEntry) => void): string | undefined {
  const parser = new Parser({ strict: true, brotli: false, zstd: false });
  let failure: string | undefined;
  /** The offset of the next header, as node-tar walks the stream. */
  let offset = 0;
  let zeroBlockAt: number | undefined;
  let endOfArchive: number | undefined;
  let ended = false;

  const fail = (reason: string): void => {
    if (failure !== undefined) return;
    failure = reason;
    parser.abort(new Error(reason));
  };

  /** Check the header node-tar read at `offset`, then step over it and its data. */
  const step = (header: Header, dataSize: number): HeaderBytes | undefined => {
    const at = offset;
    const raw = readHeaderBytes(tar.subarray(at, at + BLOCK_SIZE));
    if (zeroBlockAt !== undefined) fail(`a lone zero block at offset ${zeroBlockAt}`);
    else if (raw.checksum !== header.cksum) fail(`the archive could not be followed at offset ${at}`);
    else if (raw.format === 'none') fail(`the header at offset ${at} is not a ustar header`);
    else if (raw.size === undefined || raw.mode === undefined) {
      fail(`the header at offset ${at} has an unreadable size or mode`);
    } else if (header.type === 'Directory' && raw.size !== 0) {
      fail(`the directory entry at offset ${at} carries data`);
    } else if (at + BLOCK_SIZE + dataSize > tar.length) fail(`the entry at offset ${at} is truncated`);
    offset = at + BLOCK_SIZE + blocksOf(dataSize);
    return failure === undefined ? raw : undefined;
  };

  /** The extended headers node-tar consumed, silently, since the last event. */
  const takeExtendedHeaders = (): void => {
    while (
      failure === undefined &&
      offset + BLOCK_SIZE <= tar.length &&
      EXTENDED_TYPEFLAGS.has(String.fromCharCode(tar[offset + 156] ?? 0))
    ) {
      const header = new Header(tar, offset);
      const raw = step(header, header.size ?? 0);
      if (raw) visit({ header, raw, data: NO_DATA });
    }
  };

  const onEntry = (entry: ReadEntry, skipped: boolean): void => {
    takeExtendedHeaders();
    // An extended header too large for node-tar to apply comes as a skipped entry: taken above.
    const { header } = entry;
    const raw = failure === undefined && !entry.meta ? step(header, header.size ?? 0) : undefined;
    if (!raw || skipped) {
      entry.resume();
      if (raw) visit({ header, raw, data: NO_DATA });
      return;
    }
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => {
      const [only] = chunks;
      const data = only && chunks.length === 1 ? only : Buffer.concat(chunks);
      if (failure === undefined) visit({ header, raw, data });
    });
  };

  parser.on('entry', (entry: ReadEntry) => onEntry(entry, false));
  parser.on('ignoredEntry', (entry: ReadEntry) => onEntry(entry, true));
  parser.on('nullBlock', () => {
    takeExtendedHeaders();
    zeroBlockAt = offset;
    offset += BLOCK_SIZE;
  });
  parser.on('eof', () => {
    zeroBlockAt = undefined;
    offset += BLOCK_SIZE;
    endOfArchive = offset;
  });
  parser.on('error', (error: Error) => {
    const reason = error.message.replace(/^TAR_[A-Z_]+: /, '');
    fail(`the tar stream is broken at or after offset ${offset}: ${reason}`);
  });
  parser.on('end', () => (ended = true));

  const verdict = (): string | undefined => {
    if (failure !== undefined) return failure;
    if (!ended) return 'the archive could not be read to its end';
    if (endOfArchive === undefined) return 'the archive ends without an end-of-archive marker';
    if (tar.subarray(endOfArchive).some((b) => b !== 0)) return 'data follows the end-of-archive marker';
    return undefined;
  };
  parser.write(tar);
  parser.end();
  return verdict();
}

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
  return new TarWalk(tar, visit).run();
}

/** Why the header at `at` (node-tar's reading and the raw one) breaks the stream, if it does. */
function structureProblem(tar: Buffer, at: number, header: Header, raw: HeaderBytes): string | undefined {
  if (raw.checksum !== header.cksum) return `the archive could not be followed at offset ${at}`;
  if (raw.format === 'none') return `the header at offset ${at} is not a ustar header`;
  if (raw.size === undefined || raw.mode === undefined) {
    return `the header at offset ${at} has an unreadable size or mode`;
  }
  if (header.type === 'Directory' && raw.size !== 0)
    return `the directory entry at offset ${at} carries data`;
  if (at + BLOCK_SIZE + (header.size ?? 0) > tar.length) return `the entry at offset ${at} is truncated`;
  return undefined;
}

class TarWalk {
  readonly #tar: Buffer;
  readonly #visit: (entry: TarEntry) => void;
  readonly #parser = new Parser({ strict: true, brotli: false, zstd: false });
  #failure: string | undefined;
  /** The offset of the next header, as node-tar walks the stream. */
  #offset = 0;
  #zeroBlockAt: number | undefined;
  #endOfArchive: number | undefined;
  #ended = false;

  constructor(tar: Buffer, visit: (entry: TarEntry) => void) {
    this.#tar = tar;
    this.#visit = visit;
    const parser = this.#parser;
    parser.on('entry', (entry: ReadEntry) => this.#onEntry(entry, false));
    parser.on('ignoredEntry', (entry: ReadEntry) => this.#onEntry(entry, true));
    parser.on('nullBlock', () => this.#onZeroBlock());
    parser.on('eof', () => this.#onEndOfArchive());
    parser.on('error', (error: Error) => {
      const reason = error.message.replace(/^TAR_[A-Z_]+: /, '');
      this.#fail(`the tar stream is broken at or after offset ${this.#offset}: ${reason}`);
    });
    parser.on('end', () => (this.#ended = true));
  }

  run(): string | undefined {
    this.#parser.write(this.#tar);
    this.#parser.end();
    if (this.#failure !== undefined) return this.#failure;
    if (!this.#ended) return 'the archive could not be read to its end';
    if (this.#endOfArchive === undefined) return 'the archive ends without an end-of-archive marker';
    if (this.#tar.subarray(this.#endOfArchive).some((b) => b !== 0)) {
      return 'data follows the end-of-archive marker';
    }
    return undefined;
  }

  #fail(reason: string): void {
    if (this.#failure !== undefined) return;
    this.#failure = reason;
    this.#parser.abort(new Error(reason));
  }

  /** Check the header node-tar read at the offset, then step over it and its data. */
  #step(header: Header): HeaderBytes | undefined {
    const at = this.#offset;
    const raw = readHeaderBytes(this.#tar.subarray(at, at + BLOCK_SIZE));
    const problem =
      this.#zeroBlockAt === undefined
        ? structureProblem(this.#tar, at, header, raw)
        : `a lone zero block at offset ${this.#zeroBlockAt}`;
    if (problem !== undefined) this.#fail(problem);
    this.#offset = at + BLOCK_SIZE + blocksOf(header.size ?? 0);
    return this.#failure === undefined ? raw : undefined;
  }

  /** The extended headers node-tar consumed, silently, since the last event. */
  #takeExtendedHeaders(): void {
    const tar = this.#tar;
    while (
      this.#failure === undefined &&
      this.#offset + BLOCK_SIZE <= tar.length &&
      EXTENDED_TYPEFLAGS.has(String.fromCharCode(tar[this.#offset + 156] ?? 0))
    ) {
      const header = new Header(tar, this.#offset);
      const raw = this.#step(header);
      if (raw) this.#visit({ header, raw, data: NO_DATA });
    }
  }

  #onEntry(entry: ReadEntry, skipped: boolean): void {
    this.#takeExtendedHeaders();
    // An extended header too large for node-tar to apply comes as a skipped entry: taken above.
    const { header } = entry;
    const raw = this.#failure === undefined && !entry.meta ? this.#step(header) : undefined;
    if (!raw || skipped) {
      entry.resume();
      if (raw) this.#visit({ header, raw, data: NO_DATA });
      return;
    }
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => {
      const [only] = chunks;
      const data = only && chunks.length === 1 ? only : Buffer.concat(chunks);
      if (this.#failure === undefined) this.#visit({ header, raw, data });
    });
  }

  /** A zero block: the end of the archive if the next block is one too (`eof`), else malformed. */
  #onZeroBlock(): void {
    this.#takeExtendedHeaders();
    this.#zeroBlockAt = this.#offset;
    this.#offset += BLOCK_SIZE;
  }

  #onEndOfArchive(): void {
    this.#zeroBlockAt = undefined;
    this.#offset += BLOCK_SIZE;
    this.#endOfArchive = this.#offset;
  }
}

// A published version's text files (SKILL.md, tool schemas), read in the browser from the same
// bytes `pkg install` downloads: fetched from the version's download URL, checked against the
// recorded size and sha256 integrity, then gunzipped (capped) and walked as tar, or decoded as
// a legacy JSON bundle. Only the files asked for are kept, as UTF-8 text. Nothing is executed.
import { PACKAGE_LIMITS } from '@pkg/shared/browser';

export interface PackageFilesSource {
  download: string;
  integrity: string;
  size: number;
  format: 'tar.gz' | 'json';
}

/** The wanted files that the package holds, by path. */
export type PackageFiles = Map<string, string>;

const BLOCK = 512;

export async function fetchPackageFiles(
  source: PackageFilesSource,
  wanted: readonly string[],
  signal?: AbortSignal,
): Promise<PackageFiles> {
  if (source.size > PACKAGE_LIMITS.maxCompressedBytes) {
    throw new Error(`The package is larger than ${PACKAGE_LIMITS.maxCompressedBytes} bytes.`);
  }
  const res = await fetch(source.download, { signal });
  if (!res.ok) throw new Error(`The package could not be downloaded (HTTP ${res.status}).`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength !== source.size || (await sha256Integrity(bytes)) !== source.integrity) {
    throw new Error('The downloaded package does not match its recorded integrity.');
  }
  const files = source.format === 'json' ? legacyBundleFiles(bytes) : readTar(await gunzip(bytes, signal));
  const out: PackageFiles = new Map();
  for (const path of wanted) {
    const data = files.get(path);
    if (data) out.set(path, new TextDecoder('utf-8', { fatal: true }).decode(data));
  }
  return out;
}

export async function sha256Integrity(bytes: Uint8Array): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('This browser cannot verify the package (no WebCrypto).');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256-${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

async function gunzip(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > PACKAGE_LIMITS.maxDecompressedBytes) {
      await reader.cancel();
      throw new Error(`The package unpacks to more than ${PACKAGE_LIMITS.maxDecompressedBytes} bytes.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function octal(block: Uint8Array, start: number, length: number): number {
  const value = text(block, start, length).trim();
  const n = value === '' ? 0 : Number.parseInt(value, 8);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('The package archive has a broken header.');
  return n;
}

/** `path=` of a PAX extended header, if any. */
function paxPath(data: Uint8Array): string | undefined {
  const records = new TextDecoder().decode(data).split('\n');
  for (const record of records) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

/** Regular files of a ustar/PAX archive, by path (a leading `./` or `package/` is kept as is). */
export function readTar(tar: Uint8Array): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let offset = 0;
  let nextPath: string | undefined;
  while (offset + BLOCK <= tar.byteLength) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    if (start + size > tar.byteLength) throw new Error('The package archive is truncated.');
    const data = tar.subarray(start, start + size);
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    if (type === 'x') nextPath = paxPath(data);
    else {
      if (type === '0' || type === '\0') files.set(nextPath ?? name, data);
      nextPath = undefined;
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

function legacyBundleFiles(bytes: Uint8Array): Map<string, Uint8Array> {
  const bundle = JSON.parse(new TextDecoder().decode(bytes)) as { files?: Record<string, unknown> };
  const files = new Map<string, Uint8Array>();
  for (const [path, content] of Object.entries(bundle.files ?? {})) {
    if (typeof content === 'string') files.set(path, new TextEncoder().encode(content));
    else if (
      content &&
      typeof content === 'object' &&
      'base64' in content &&
      typeof content.base64 === 'string'
    ) {
      files.set(
        path,
        Uint8Array.from(atob(content.base64), (c) => c.charCodeAt(0)),
      );
    }
  }
  return files;
}

// The local copies of artifacts: kept within their byte budget (least recently read first out),
// found again after a restart, unfinished writes cleared, and only verified bytes kept.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { createDiskArtifactCache } from './artifact-disk-cache.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-disk-cache-'));
  dirs.push(dir);
  return dir;
};
const errors: unknown[] = [];
const cacheIn = (dir: string, maxBytes: number) =>
  createDiskArtifactCache({ dir, maxBytes, onError: (error) => errors.push(error) });
const key = (n: number) => n.toString(16).padStart(24, '0');
const integrityOf = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('hex')}`;

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('disk copies of artifacts', () => {
  test('stay within the budget, the least recently read leaving first', async () => {
    const dir = newDir();
    const cache = cacheIn(dir, 2500);
    const [a, b, c] = [randomBytes(1000), randomBytes(1000), randomBytes(1000)];
    await cache.write(key(1), a);
    await cache.write(key(2), b);
    expect(await bytesOf(await cache.read(key(1)))).toEqual(a); // 1 is now the most recent
    await cache.write(key(3), c);
    expect(readdirSync(dir).sort()).toEqual([key(1), key(3)]);
    expect(await cache.read(key(2))).toBeUndefined();
    await cache.write(key(4), randomBytes(3000)); // larger than the whole budget: not kept
    expect(existsSync(path.join(dir, key(4)))).toBe(false);
  });

  test('are found again after a restart; unfinished writes and stray files are cleared', async () => {
    const dir = newDir();
    const bytes = randomBytes(2000);
    await cacheIn(dir, 10_000).write(key(7), bytes);
    writeFileSync(path.join(dir, `${key(8)}.abc123.tmp`), 'half written');
    const again = cacheIn(dir, 10_000);
    expect(await bytesOf(await again.read(key(7)))).toEqual(bytes);
    expect(readdirSync(dir)).toEqual([key(7)]);
  });

  test('a fill keeps bytes that hash to the integrity, and only those', async () => {
    const dir = newDir();
    const cache = cacheIn(dir, 10_000);
    const bytes = randomBytes(3000);
    const good = cache.fill(key(1), bytes.length, integrityOf(bytes));
    for (let at = 0; at < bytes.length; at += 1000) good?.write(bytes.subarray(at, at + 1000));
    await good?.end();
    expect(await bytesOf(await cache.read(key(1)))).toEqual(bytes);

    const bad = cache.fill(key(2), bytes.length, integrityOf(randomBytes(3000)));
    bad?.write(bytes);
    await bad?.end();
    expect(await cache.read(key(2))).toBeUndefined();
    expect(readdirSync(dir)).toEqual([key(1)]);
    expect(errors).toEqual([]);
  });
});

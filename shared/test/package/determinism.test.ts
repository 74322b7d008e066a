// What a publisher relies on: packing the same directory again gives the same bytes, whatever
// the mtimes, the location or the umask, and the archive is a plain tar.gz that the system
// `tar` extracts to exactly the packed files.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { packDirectory } from '../../src/package/pack.js';
import { writeSamplePackage } from './sample-package.js';

const root = mkdtempSync(join(tmpdir(), 'pkg-determinism-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

const original = join(root, 'original');
// A path longer than 100 bytes (ustar prefix field) and a non-ASCII name are part of it.
const longPath = `lib/${'a'.repeat(70)}/${'b'.repeat(60)}.js`;
writeSamplePackage(original, {
  'README.md': '# hello\n',
  'lib/deep/nested/util.js': 'export const x = 1;\n',
  [longPath]: 'export const y = 2;\n',
  'docs/caf\u00e9.md': 'caf\u00e9\n',
});

describe('deterministic packing', () => {
  test('the same directory packs to the same SHA-256 after touching every mtime', async () => {
    const first = await packDirectory(original);
    const when = new Date('2031-02-03T04:05:06Z');
    for (const path of [original, ...walk(original).map((f) => join(original, f))])
      utimesSync(path, when, when);
    utimesSync(join(original, 'lib'), when, when);
    const second = await packDirectory(original);
    expect(second.integrity).toBe(first.integrity);
    expect(Buffer.compare(second.bytes, first.bytes)).toBe(0);
  });

  test('a copy under another path packs to the same SHA-256', async () => {
    const copy = join(root, 'elsewhere', 'deeper', 'copy');
    cpSync(original, copy, { recursive: true });
    expect((await packDirectory(copy)).integrity).toBe((await packDirectory(original)).integrity);
  });

  test('a copy made under umask 077 (files 0600, directories 0700) packs to the same SHA-256', async () => {
    const copy = join(root, 'umask-copy');
    run('sh', ['-c', 'umask 077 && cp -R "$0" "$1"', original, copy]);
    expect(statSync(join(copy, 'manifest.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(copy, 'tools')).mode & 0o777).toBe(0o700);
    expect((await packDirectory(copy)).integrity).toBe((await packDirectory(original)).integrity);
  });

  test('a file created under umask 000 (0666) packs like one created under umask 022', async () => {
    const copy = join(root, 'umask-000');
    run('sh', ['-c', 'umask 000 && cp -R "$0" "$1"', original, copy]);
    writeFileSync(join(copy, 'README.md'), '# hello\n', { mode: 0o666 });
    expect((await packDirectory(copy)).integrity).toBe((await packDirectory(original)).integrity);
  });

  test('the gzip header carries mtime 0, XFL 2 and OS 3', async () => {
    const { bytes } = await packDirectory(original);
    expect([...bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
  });

  test('the system tar extracts exactly the packed files, owned by 0/0 with normalised modes', async () => {
    const packed = await packDirectory(original);
    const archive = join(root, packed.filename);
    writeFileSync(archive, packed.bytes);
    const out = join(root, 'extracted');
    run('mkdir', ['-p', out]);
    run('tar', ['-xzf', archive, '-C', out]);
    expect(walk(out)).toEqual(packed.files);
    expect(walk(out)).toEqual(walk(original));
    for (const file of packed.files)
      expect(readFileSync(join(out, file))).toEqual(readFileSync(join(original, file)));
    const listing = run('tar', ['--numeric-owner', '-tvzf', archive]).trim().split('\n');
    for (const line of listing) expect(line).toMatch(/^(-rw-r--r--|drwxr-xr-x) 0\/0 /);
    expect(listing.every((line) => line.includes('1985-10-26 08:15'))).toBe(true);
  });
});

// What the reader adds to node-tar's parser: what node-tar tolerates (extended headers that it
// applies silently, pre-POSIX headers, lenient numbers, a directory with data, a lone zero block,
// unknown entry types) is refused, and archives made by other tar programs are still read.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import {
  type RawEntry,
  file,
  fixChecksum,
  header,
  sampleEntries,
  tar,
  tgz,
} from '../../test/package/hostile-archives.js';
import { writeSamplePackage } from '../../test/package/sample-package.js';
import { readArchive } from './read-archive.js';
import { validateArchive } from './validate-archive.js';

const root = mkdtempSync(join(tmpdir(), 'pkg-read-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function problemsOf(bytes: Uint8Array) {
  const result = await validateArchive(bytes);
  if (result.ok) throw new Error('the archive was accepted');
  return result.problems;
}

const codes = async (bytes: Uint8Array) => (await problemsOf(bytes)).map((p) => p.code);

/** The message of the one problem, which must be ARCHIVE_MALFORMED for the whole archive. */
async function malformed(bytes: Uint8Array): Promise<string> {
  const problems = await problemsOf(bytes);
  expect(problems.map((p) => [p.path, p.code])).toEqual([['', 'ARCHIVE_MALFORMED']]);
  return problems[0]?.message ?? '';
}
const withAttack = (...attack: RawEntry[]) => tgz([...sampleEntries(), ...attack]);

/** A PAX or GNU extended header with content, which node-tar applies to the next entry. */
function extended(type: 'ExtendedHeader' | 'NextFileHasLongPath', content: string): RawEntry {
  const data = Buffer.from(content);
  return { header: header({ path: 'ext', type, size: data.byteLength }), data };
}

/** One PAX record: its length in decimal counts the whole record, digits included. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = body.length + 1;
  while (`${length}${body}`.length !== length) length++;
  return `${length}${body}`;
}

describe('what node-tar applies or skips silently is refused', () => {
  test('a PAX header that renames the next entry: both are reported', async () => {
    const pax = extended('ExtendedHeader', paxRecord('path', '../evil.txt'));
    const problems = await problemsOf(withAttack(pax, file('harmless.txt', 'x')));
    expect(problems).toEqual([
      expect.objectContaining({ path: 'ext', code: 'EXTENDED_HEADER' }),
      expect.objectContaining({ path: '../evil.txt', code: 'PATH_TRAVERSAL' }),
    ]);
  });

  test('a GNU long name with content is EXTENDED_HEADER', async () => {
    const long = extended('NextFileHasLongPath', `docs/${'n'.repeat(120)}.md\0`);
    expect(await codes(withAttack(long, file('short.md', 'x')))).toEqual(['EXTENDED_HEADER']);
  });

  test('an extended header just before the end-of-archive marker is reported', async () => {
    const bytes = withAttack({ header: header({ path: 'g', type: 'GlobalExtendedHeader', size: 0 }) });
    expect(await codes(bytes)).toEqual(['EXTENDED_HEADER']);
  });

  test('an unknown entry type, which node-tar skips, is UNSUPPORTED_ENTRY_TYPE', async () => {
    const entry = file('tools/odd.js', 'x');
    entry.header[156] = 'Z'.charCodeAt(0);
    fixChecksum(entry.header);
    const problems = await problemsOf(withAttack(entry));
    expect(problems).toEqual([
      {
        path: 'tools/odd.js',
        code: 'UNSUPPORTED_ENTRY_TYPE',
        message: 'the entry type "Z" is not allowed; packages hold only files and directories',
      },
    ]);
  });

  test.each<[string, (block: Buffer) => void, RegExp]>([
    ['a pre-POSIX header (no ustar magic)', (b) => b.fill(0, 257, 265), /is not a ustar header/],
    ['a size that is not octal', (b) => b.write('0000000001x\0', 124, 'latin1'), /unreadable size or mode/],
    ['a mode that is not octal', (b) => b.write('06a4\0\0\0\0', 100, 'latin1'), /unreadable size or mode/],
  ])('%s is ARCHIVE_MALFORMED', async (_name, edit, message) => {
    const entry = file('tools/a.js', 'x');
    edit(entry.header);
    fixChecksum(entry.header);
    expect(await malformed(withAttack(entry))).toMatch(message);
  });

  test('a directory entry that carries data is ARCHIVE_MALFORMED', async () => {
    const hidden = tar([file('evil.js', 'x')]).subarray(0, 1024);
    const directory = { header: header({ path: 'docs/', type: 'Directory', size: 0 }), data: hidden };
    directory.header.write('00000002000\0', 124, 'latin1');
    fixChecksum(directory.header);
    expect(await malformed(withAttack(directory))).toMatch(/carries data/);
  });

  test('a lone zero block between entries is ARCHIVE_MALFORMED', async () => {
    const zero = { header: Buffer.alloc(512) };
    expect(await malformed(withAttack(zero, file('after.md', 'x')))).toMatch(/lone zero block/);
  });

  test('a truncated entry is ARCHIVE_MALFORMED', async () => {
    const raw = tar([...sampleEntries(), file('big.txt', 'y'.repeat(4000))]);
    expect(await malformed(gzipSync(raw.subarray(0, raw.byteLength - 1024 - 2048)))).toMatch(/truncated/);
  });

  test('an archive with no entry at all is ARCHIVE_MALFORMED', async () => {
    expect(await malformed(gzipSync(Buffer.alloc(1024)))).toMatch(/Unrecognized archive format/);
  });
});

describe('archives of other tar programs', () => {
  test.each(['gnu', 'ustar', 'pax'])('GNU tar --format=%s of the sample package is read', async (format) => {
    const dir = join(root, `sample-${format}`);
    writeSamplePackage(dir, { 'docs/caf\u00e9.md': 'caf\u00e9\n' });
    const archive = join(root, `${format}.tar.gz`);
    const args = ['--format', format, '--owner=0', '--group=0', '--sort=name', '-czf', archive, '-C', dir];
    const paths = ['SKILL.md', 'docs', 'manifest.json', 'schemas', 'tools'];
    const made = spawnSync('tar', [...args, ...paths], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const bytes = readFileSync(archive);
    if (format === 'pax') {
      // GNU tar writes a PAX header for every entry in this format: refused, as the format says.
      expect(new Set(await codes(bytes))).toEqual(new Set(['EXTENDED_HEADER']));
      return;
    }
    const read = await readArchive(bytes);
    expect(read.problems).toEqual([]);
    expect(read.files.map((f) => f.path).sort()).toEqual([
      'SKILL.md',
      'docs/caf\u00e9.md',
      'manifest.json',
      'schemas/hello.input.json',
      'schemas/hello.output.json',
      'tools/hello.js',
    ]);
    expect(read.files.find((f) => f.path === 'docs/caf\u00e9.md')?.data.toString()).toBe('caf\u00e9\n');
    expect((await validateArchive(bytes)).ok).toBe(true);
  });
});

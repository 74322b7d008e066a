// What the registry and every installer rely on: a hostile archive is rejected with the problem
// code that names its attack, the validator writes nothing anywhere (not in a target directory,
// not in the working directory), and decompression stops early on a gzip bomb.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PACKAGE_LIMITS } from '../../src/package/limits.js';
import type { Problem } from '../../src/package/problems.js';
import { validateArchive } from '../../src/package/validate-archive.js';
import { type RawEntry, file, fixChecksum, header, sampleEntries, tar, tgz } from './hostile-archives.js';
import { SAMPLE_MANIFEST, sampleManifestText } from './sample-package.js';

// Every attack aims at this directory: it must still be empty at the end.
const target = mkdtempSync(join(tmpdir(), 'pkg-hostile-target-'));
const cwdBefore = readdirSync(process.cwd()).sort();
const up = '../'.repeat(12);
const escapeTo = (name: string) => `${up}${target.slice(1)}/${name}`;

afterAll(() => rmSync(target, { recursive: true, force: true }));

async function problemsOf(bytes: Uint8Array, options = {}): Promise<Problem[]> {
  const result = await validateArchive(bytes, options);
  if (result.ok) throw new Error('the hostile archive was accepted');
  return result.problems;
}

const codes = (problems: Problem[]) => problems.map((p) => p.code);

/** An archive made of the valid sample package plus the attack. */
const withAttack = (...attack: RawEntry[]) => tgz([...sampleEntries(), ...attack]);

function nulPathEntry(): RawEntry {
  const entry = file('tools/evil.js', 'export default async () => ({});');
  entry.header.write('tools/ok.js\0../../evil.js', 0, 100, 'latin1');
  fixChecksum(entry.header);
  return entry;
}

async function gzipOfZeros(total: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  const zeros = Buffer.alloc(4 * 1024 * 1024);
  for (let written = 0; written < total; written += zeros.length) {
    if (!gzip.write(zeros)) await once(gzip, 'drain');
  }
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('hostile entries', () => {
  test.each<[string, string, () => Buffer]>([
    ['a ../ traversal', 'PATH_TRAVERSAL', () => withAttack(file(escapeTo('evil.txt'), 'x'))],
    ['a traversal in the middle', 'PATH_TRAVERSAL', () => withAttack(file('tools/../../evil.txt', 'x'))],
    ['an absolute path', 'PATH_ABSOLUTE', () => withAttack(file(join(target, 'evil.txt'), 'x'))],
    ['a backslash traversal', 'PATH_BACKSLASH', () => withAttack(file('..\\..\\evil.txt', 'x'))],
    ['a backslash separator', 'PATH_BACKSLASH', () => withAttack(file('tools\\evil.js', 'x'))],
    ['a drive letter', 'PATH_DRIVE_LETTER', () => withAttack(file('C:/Windows/evil.txt', 'x'))],
    ['a drive-relative path', 'PATH_DRIVE_LETTER', () => withAttack(file('c:evil.txt', 'x'))],
    ['a NUL byte inside the path field', 'PATH_NUL', () => withAttack(nulPathEntry())],
    [
      'a hard link to outside',
      'HARD_LINK',
      () =>
        withAttack({
          header: header({ path: 'tools/passwd', type: 'Link', linkpath: '/etc/passwd', size: 0 }),
        }),
    ],
    [
      'a character device',
      'DEVICE',
      () =>
        withAttack({
          header: header({ path: 'dev-null', type: 'CharacterDevice', devmaj: 1, devmin: 3, size: 0 }),
        }),
    ],
    [
      'a block device',
      'DEVICE',
      () =>
        withAttack({ header: header({ path: 'disk', type: 'BlockDevice', devmaj: 8, devmin: 0, size: 0 }) }),
    ],
    ['a FIFO', 'FIFO', () => withAttack({ header: header({ path: 'pipe', type: 'FIFO', size: 0 }) })],
    [
      'a duplicate entry that overwrites the manifest',
      'PATH_DUPLICATE',
      () => withAttack(file('manifest.json', sampleManifestText({ version: '9.9.9' }))),
    ],
    [
      'a Unicode-normalisation collision',
      'PATH_COLLISION',
      () => withAttack(file('caf\u00e9.md', 'a'), file('cafe\u0301.md', 'b')),
    ],
    ['a case collision', 'PATH_COLLISION', () => withAttack(file('README.md', 'a'), file('readme.md', 'b'))],
    ['a case collision with the manifest', 'PATH_COLLISION', () => withAttack(file('Manifest.JSON', '{}'))],
    ['a hidden file', 'HIDDEN_FILE', () => withAttack(file('.env', 'SECRET=1'))],
    ['a hidden directory', 'HIDDEN_FILE', () => withAttack(file('.git/config', '[core]'))],
    [
      'a hidden file deep down',
      'HIDDEN_FILE',
      () => withAttack(file('tools/.npmrc', '//registry/:_authToken=x')),
    ],
    ['node_modules', 'NODE_MODULES', () => withAttack(file('node_modules/left-pad/index.js', 'x'))],
    [
      'a PAX header that renames the next entry',
      'EXTENDED_HEADER',
      () => withAttack({ header: header({ path: 'PaxHeader/x', type: 'ExtendedHeader', size: 0 }) }),
    ],
    [
      'a GNU long name',
      'EXTENDED_HEADER',
      () => withAttack({ header: header({ path: '././@LongLink', type: 'NextFileHasLongPath', size: 0 }) }),
    ],
  ])('%s is rejected with %s', async (_name, code, build) => {
    expect(codes(await problemsOf(build()))).toEqual([code]);
  });

  test('a symlink followed by a file written through it', async () => {
    const problems = await problemsOf(
      withAttack(
        { header: header({ path: 'link', type: 'SymbolicLink', linkpath: target, size: 0 }) },
        file('link/evil.txt', 'x'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'link', code: 'SYMLINK' }),
        expect.objectContaining({ path: 'link/evil.txt', code: 'PATH_CONFLICT' }),
      ]),
    );
  });

  test('a path that is not UTF-8 is rejected with PATH_INVALID', async () => {
    const entry = file('tools/xx.js', 'x');
    entry.header[6] = 0xff;
    entry.header[7] = 0xfe;
    fixChecksum(entry.header);
    expect(codes(await problemsOf(withAttack(entry)))).toEqual(['PATH_INVALID']);
  });

  test(`${PACKAGE_LIMITS.maxFiles + 1} files are rejected with TOO_MANY_FILES`, async () => {
    const extra = Array.from({ length: PACKAGE_LIMITS.maxFiles + 1 - sampleEntries().length }, (_, i) =>
      file(`data/f${i}.txt`, 'x'),
    );
    expect(extra.length + sampleEntries().length).toBe(501);
    expect(codes(await problemsOf(withAttack(...extra)))).toEqual(['TOO_MANY_FILES']);
  });

  test('exactly 500 files are accepted', async () => {
    const extra = Array.from({ length: PACKAGE_LIMITS.maxFiles - sampleEntries().length }, (_, i) =>
      file(`data/f${i}.txt`, 'x'),
    );
    expect((await validateArchive(withAttack(...extra))).ok).toBe(true);
  });
});

describe('hostile archives', () => {
  test('a 6 MB archive is rejected with ARCHIVE_TOO_LARGE before decompression', async () => {
    const bytes = withAttack(file('blob.bin', randomBytes(6 * 1024 * 1024)));
    expect(bytes.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    expect(await problemsOf(bytes)).toEqual([
      expect.objectContaining({ path: '', code: 'ARCHIVE_TOO_LARGE' }),
    ]);
  });

  test(
    'a gzip bomb (a gigabyte of zeros) stops early with DECOMPRESSED_TOO_LARGE',
    { timeout: 120_000 },
    async () => {
      const bomb = await gzipOfZeros(1024 * 1024 * 1024);
      expect(bomb.byteLength).toBeLessThan(PACKAGE_LIMITS.maxCompressedBytes);
      const rssBefore = process.memoryUsage().rss;
      expect(await problemsOf(bomb)).toEqual([expect.objectContaining({ code: 'DECOMPRESSED_TOO_LARGE' })]);
      // Stopped at the 50 MB cap: nowhere near a gigabyte was held in memory.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(512 * 1024 * 1024);
    },
  );

  test('bytes that are not gzip are rejected with ARCHIVE_NOT_GZIP', async () => {
    expect(codes(await problemsOf(tar(sampleEntries())))).toEqual(['ARCHIVE_NOT_GZIP']);
  });

  test('a truncated gzip stream is rejected with ARCHIVE_NOT_GZIP', async () => {
    const bytes = withAttack();
    expect(codes(await problemsOf(bytes.subarray(0, bytes.byteLength - 40)))).toEqual(['ARCHIVE_NOT_GZIP']);
  });

  test('a header with a bad checksum is rejected with ARCHIVE_MALFORMED', async () => {
    const entry = file('tools/a.js', 'x');
    entry.header[0] = 'T'.charCodeAt(0);
    expect(codes(await problemsOf(withAttack(entry)))).toEqual(['ARCHIVE_MALFORMED']);
  });

  test('a tar without its end-of-archive marker is rejected with ARCHIVE_MALFORMED', async () => {
    const raw = tar(sampleEntries());
    expect(codes(await problemsOf(gzipSync(raw.subarray(0, raw.byteLength - 1024))))).toEqual([
      'ARCHIVE_MALFORMED',
    ]);
  });

  test('data hidden after the end-of-archive marker is rejected with ARCHIVE_MALFORMED', async () => {
    const raw = Buffer.concat([tar(sampleEntries()), tar([file('evil.js', 'x')])]);
    expect(codes(await problemsOf(gzipSync(raw)))).toEqual(['ARCHIVE_MALFORMED']);
  });
});

describe('hostile or broken content', () => {
  const manifest = (changes: Record<string, unknown>) =>
    tgz(sampleEntries({ 'manifest.json': sampleManifestText(changes) }));

  test.each<[string, string, () => Buffer]>([
    [
      'a dependencies member',
      'DEPENDENCIES_NOT_ALLOWED',
      () => manifest({ dependencies: { 'left-pad': '^1.0.0' } }),
    ],
    [
      'build metadata in the version',
      'VERSION_BUILD_METADATA',
      () => manifest({ version: '1.0.0+sha.5114f85' }),
    ],
    ['a version that is not SemVer', 'VERSION_INVALID', () => manifest({ version: 'v1.0' })],
    [
      'an unknown manifest member',
      'MANIFEST_UNKNOWN_MEMBER',
      () => manifest({ homepage: 'https://example.com' }),
    ],
    ['a namespace outside the grammar', 'NAME_INVALID', () => manifest({ namespace: 'Acme' })],
    [
      'an absolute fs permission',
      'PERMISSION_INVALID',
      () => manifest({ permissions: { ...SAMPLE_MANIFEST.permissions, fs: { read: ['/etc'], write: [] } } }),
    ],
    [
      'a manifest that is not JSON',
      'MANIFEST_INVALID_JSON',
      () => tgz(sampleEntries({ 'manifest.json': '{ nope' })),
    ],
    ['a missing manifest', 'MANIFEST_MISSING', () => tgz(sampleEntries({ 'manifest.json': undefined }))],
    ['a missing SKILL.md', 'SKILL_MD_MISSING', () => tgz(sampleEntries({ 'SKILL.md': undefined }))],
    [
      'a SKILL.md without front matter',
      'SKILL_MD_INVALID',
      () => tgz(sampleEntries({ 'SKILL.md': '# Hello\n' })),
    ],
    [
      'a SKILL.md whose name disagrees with the manifest',
      'SKILL_MD_MISMATCH',
      () =>
        tgz(sampleEntries({ 'SKILL.md': '---\nname: other\ndescription: Greets someone by name.\n---\n' })),
    ],
    [
      'a SKILL.md whose description disagrees with the manifest',
      'SKILL_MD_MISMATCH',
      () => tgz(sampleEntries({ 'SKILL.md': '---\nname: hello\ndescription: Does something else.\n---\n' })),
    ],
    [
      'an invalid JSON Schema',
      'SCHEMA_INVALID',
      () => tgz(sampleEntries({ 'schemas/hello.output.json': '{"type":"strin"}' })),
    ],
    [
      'a schema with an unknown keyword',
      'SCHEMA_INVALID',
      () => tgz(sampleEntries({ 'schemas/hello.output.json': '{"type":"object","propertys":{}}' })),
    ],
    [
      'a schema that is not JSON',
      'SCHEMA_INVALID_JSON',
      () => tgz(sampleEntries({ 'schemas/hello.input.json': '{' })),
    ],
    [
      'a missing schema file',
      'SCHEMA_MISSING',
      () => tgz(sampleEntries({ 'schemas/hello.input.json': undefined })),
    ],
    [
      'a tool entry whose file is missing',
      'TOOL_ENTRY_MISSING',
      () => tgz(sampleEntries({ 'tools/hello.js': undefined })),
    ],
    [
      'a tool entry without a default export',
      'TOOL_ENTRY_NO_DEFAULT_EXPORT',
      () => tgz(sampleEntries({ 'tools/hello.js': 'export const x = 1;\n' })),
    ],
  ])('%s is rejected with %s', async (_name, code, build) => {
    expect(codes(await problemsOf(build()))).toEqual([code]);
  });

  test('a name that differs from the expected one is rejected with NAME_MISMATCH', async () => {
    expect(codes(await problemsOf(withAttack(), { expectedName: '@acme/other' }))).toEqual(['NAME_MISMATCH']);
  });

  test('a version that differs from the expected one is rejected with VERSION_MISMATCH', async () => {
    expect(codes(await problemsOf(withAttack(), { expectedVersion: '1.0.1' }))).toEqual(['VERSION_MISMATCH']);
  });

  test('every problem is reported at once', async () => {
    const bytes = tgz([
      ...sampleEntries({
        'manifest.json': sampleManifestText({ dependencies: {}, version: '1.0.0+x' }),
        'SKILL.md': undefined,
      }),
      file('.env', 'x'),
      file('../evil', 'x'),
    ]);
    expect(codes(await problemsOf(bytes)).sort()).toEqual(
      [
        'DEPENDENCIES_NOT_ALLOWED',
        'HIDDEN_FILE',
        'PATH_TRAVERSAL',
        'SKILL_MD_MISSING',
        'VERSION_BUILD_METADATA',
      ].sort(),
    );
  });
});

describe('nothing is written anywhere', () => {
  beforeAll(() => expect(readdirSync(target)).toEqual([]));

  test('the attack target and the working directory are unchanged', () => {
    expect(readdirSync(target)).toEqual([]);
    expect(existsSync(join(target, 'evil.txt'))).toBe(false);
    expect(readdirSync(process.cwd()).sort()).toEqual(cwdBefore);
  });

  test('the validator and everything it imports have no file-system or process import', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const pending = [resolve(here, '../../src/package/validate-archive.ts')];
    const visited = new Set<string>();
    for (let path = pending.pop(); path; path = pending.pop()) {
      if (visited.has(path)) continue;
      visited.add(path);
      const source = readFileSync(path, 'utf8');
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
      expect(
        specifiers.filter((s) => /^(node:)?(fs|fs\/promises|child_process|worker_threads)$/.test(s)),
        path,
      ).toEqual([]);
      for (const s of specifiers.filter((x) => x.startsWith('.'))) {
        const source = resolve(dirname(path), s.replace(/\.js$/, '.ts'));
        pending.push(existsSync(source) ? source : resolve(dirname(path), s));
      }
    }
    expect(visited.size).toBeGreaterThan(8);
  });
});

// What a package author checks: `pack` produces a valid archive named after the manifest, leaves
// hidden files and node_modules out, and refuses symlinks and invalid packages with problems.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { sampleManifestText, writeSamplePackage } from '../../test/package/sample-package.js';
import { packDirectory } from './pack.js';
import { InvalidPackageError, type Problem } from './problems.js';
import { validateArchive } from './validate-archive.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pkg-pack-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function packProblems(dir: string): Promise<Problem[]> {
  const error: unknown = await packDirectory(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidPackageError);
  return (error as InvalidPackageError).problems;
}

describe('packDirectory', () => {
  test('packs a valid package into <ns>-<name>-<version>.tar.gz that validates', async () => {
    const dir = tempDir();
    writeSamplePackage(dir);
    const packed = await packDirectory(dir);
    expect(packed.filename).toBe('acme-hello-1.0.0.tar.gz');
    expect(packed.integrity).toMatch(/^sha256-[0-9a-f]{64}$/);
    expect(packed.size).toBe(packed.bytes.byteLength);
    expect(packed.files).toEqual([
      'SKILL.md',
      'manifest.json',
      'schemas/hello.input.json',
      'schemas/hello.output.json',
      'tools/hello.js',
    ]);
    const validated = await validateArchive(packed.bytes, {
      expectedName: '@acme/hello',
      expectedVersion: '1.0.0',
    });
    expect(validated.ok).toBe(true);
  });

  test('leaves hidden files and node_modules out, at any depth', async () => {
    const dir = tempDir();
    writeSamplePackage(dir, {
      '.env': 'SECRET=1',
      '.git/config': 'x',
      'tools/.cache': 'x',
      'node_modules/a/index.js': 'x',
    });
    const packed = await packDirectory(dir);
    expect(
      packed.files.some((f) => f.includes('.env') || f.includes('node_modules') || f.includes('.git')),
    ).toBe(false);
    expect(packed.skipped.sort()).toEqual(['.env', '.git', 'node_modules', 'tools/.cache']);
  });

  test('refuses a symlink anywhere, even one pointing inside the package', async () => {
    const dir = tempDir();
    writeSamplePackage(dir);
    symlinkSync('hello.js', join(dir, 'tools', 'alias.js'));
    expect(await packProblems(dir)).toEqual([
      expect.objectContaining({ path: 'tools/alias.js', code: 'SYMLINK' }),
    ]);
  });

  test('refuses a symlinked directory', async () => {
    const dir = tempDir();
    writeSamplePackage(dir);
    const outside = tempDir();
    mkdirSync(join(outside, 'lib'));
    symlinkSync(join(outside, 'lib'), join(dir, 'lib'));
    expect((await packProblems(dir)).map((p) => p.code)).toEqual(['SYMLINK']);
  });

  test('an invalid package fails with the problems of the validator', async () => {
    const dir = tempDir();
    writeSamplePackage(dir, { 'manifest.json': sampleManifestText({ version: '1.0.0+build.5' }) });
    expect((await packProblems(dir)).map((p) => p.code)).toContain('VERSION_BUILD_METADATA');
  });

  test('keeps the owner-execute bit as 0755 and everything else as 0644', async () => {
    const dir = tempDir();
    writeSamplePackage(dir);
    writeFileSync(join(dir, 'tools', 'run.sh'), '#!/bin/sh\n', { mode: 0o700 });
    const packed = await packDirectory(dir);
    const validated = await validateArchive(packed.bytes);
    if (!validated.ok) throw new Error('expected a valid archive');
    expect(validated.files.map((f) => [f.path, f.mode.toString(8)])).toContainEqual(['tools/run.sh', '755']);
    expect(validated.files.find((f) => f.path === 'tools/hello.js')?.mode).toBe(0o644);
  });

  test('paths around the 100-byte name field are packed and read back exactly', async () => {
    const dir = tempDir();
    const around = [99, 100, 101].map((n) => `data/${'p'.repeat(n - 'data/'.length - 3)}.md`);
    const deep = `${'d'.repeat(70)}/${'e'.repeat(70)}/${'f'.repeat(96)}.md`;
    writeSamplePackage(dir, Object.fromEntries([...around, deep].map((path) => [path, path])));
    expect(around.map((path) => Buffer.byteLength(path))).toEqual([99, 100, 101]);
    const validated = await validateArchive((await packDirectory(dir)).bytes);
    if (!validated.ok) throw new Error('expected a valid archive');
    for (const path of [...around, deep]) {
      expect(validated.files.find((f) => f.path === path)?.data.toString()).toBe(path);
    }
  });

  test('refuses a name that no ustar header can hold instead of truncating it', async () => {
    const dir = tempDir();
    const long = `data/${'n'.repeat(120)}.txt`;
    writeSamplePackage(dir, { [long]: 'x' });
    expect(await packProblems(dir)).toEqual([expect.objectContaining({ path: long, code: 'PATH_INVALID' })]);
  });
});

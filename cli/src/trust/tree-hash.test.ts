// Go's `h1:` directory hash (golang.org/x/mod sumdb/dirhash, hash.go and hash_test.go at commit
// fe2ec04): TestHash1 hashes the files "xyz" and "abc" holding "data for <name>"; TestHashDir the
// same files under "prefix/". The expected values below were computed apart from this code, as
// hash.go describes it, with coreutils: `sha256sum abc xyz | sha256sum`, the digest in base64.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedRecord } from './installed-record.js';
import { fileHashesOf, readInstalledTree, treeHash } from './tree-hash.js';

const goFiles = (prefix: string) =>
  ['xyz', 'abc'].map((name) => ({ path: `${prefix}${name}`, data: Buffer.from(`data for ${name}`) }));

describe('treeHash', () => {
  it("Go's TestHash1: two files, sorted by name", () => {
    const hashes = fileHashesOf(goFiles(''));
    expect(hashes).toEqual({
      abc: 'c807b6b431cbbfff4dcc032527d0e106e7f76e6aa20b3cab70fa00154144f351',
      xyz: '1a163d344504db00bdf3944d1b36c771245f19cc90df3dc2e5ca78d25d19d51e',
    });
    expect(treeHash(hashes)).toBe('h1:EP6WfDoQTSk9klnxcjriWJOGztueJUywHNmWeq+efB8=');
  });

  it("Go's TestHashDir: the same files under prefix/", () => {
    expect(treeHash(fileHashesOf(goFiles('prefix/')))).toBe(
      'h1:rLyfpGMAgqOnGE2aKOY5Xb6cOc0/YQhPjHBHBwkblhs=',
    );
  });

  it("refuses a file name with a line break, as Go's Hash1 does", () => {
    expect(() => treeHash({ 'a\nbc': '00' })).toThrow('a file name holds a line break');
  });

  it('sorts by UTF-8 bytes, as Go sorts strings (not by UTF-16 code units)', () => {
    // U+FF21 sorts before U+1F600 in UTF-8 (ef bc a1 < f0 9f 98 80) and after it in UTF-16.
    const a = treeHash({ '\u{FF21}': '00', '\u{1F600}': '11' });
    const lines = `00  \u{FF21}\n11  \u{1F600}\n`;
    expect(a).toBe(`h1:${createHash('sha256').update(lines).digest('base64')}`);
  });
});

describe('readInstalledTree', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pkg-tree-hash-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('hashes every regular file by its POSIX path and lists links apart', () => {
    mkdirSync(path.join(root, 'tools'), { recursive: true });
    writeFileSync(path.join(root, 'xyz'), 'data for xyz');
    writeFileSync(path.join(root, 'abc'), 'data for abc');
    writeFileSync(path.join(root, 'tools', 'x.js'), 'export default 1;');
    symlinkSync('/etc/hostname', path.join(root, 'tools', 'link'));
    const tree = readInstalledTree(root);
    expect(Object.keys(tree.files).sort()).toEqual(['abc', 'tools/x.js', 'xyz']);
    expect(tree.irregular).toEqual(['tools/link']);
    const { ['tools/x.js']: _x, ...go } = tree.files;
    expect(treeHash(go)).toBe('h1:EP6WfDoQTSk9klnxcjriWJOGztueJUywHNmWeq+efB8=');
  });
});

describe('installedRecord (what pkg install writes into the lock file)', () => {
  it('the h1: hash, each file hash, and the log index when the record names one', () => {
    const files = goFiles('');
    expect(installedRecord(files, { log: { index: 7 } })).toEqual({
      logIndex: 7,
      files: 'h1:EP6WfDoQTSk9klnxcjriWJOGztueJUywHNmWeq+efB8=',
      fileHashes: fileHashesOf(files),
    });
    expect(installedRecord(files, { log: null }).logIndex).toBeNull();
    // A registry that does not log versions yet answers records without `log`.
    expect(installedRecord(files, {}).logIndex).toBeNull();
  });
});

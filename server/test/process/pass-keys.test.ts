// The holder pass's keys (docs/public-api.md, "Holder pass") and their variables: PKG_PASS_SECRET
// when set; otherwise a random secret created once in PKG_DATA_DIR and kept, so passes stay
// valid across restarts; a bad HOLDER_PASS_THRESHOLD or a short secret stops the server with a
// message naming the variable.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { loadPassKeys } from '../../src/infra/pass-keys.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-pass-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('holder pass variables', () => {
  test('HOLDER_PASS_THRESHOLD defaults to 100000 whole tokens', () => {
    expect(loadConfig({}).HOLDER_PASS_THRESHOLD).toBe(100_000n);
    expect(loadConfig({ HOLDER_PASS_THRESHOLD: '250000' }).HOLDER_PASS_THRESHOLD).toBe(250_000n);
  });

  test('a bad threshold and a short secret are named, and the secret is never echoed', () => {
    let error: unknown;
    try {
      loadConfig({ HOLDER_PASS_THRESHOLD: '1e5', PKG_PASS_SECRET: 'short-secret-value' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('HOLDER_PASS_THRESHOLD must be a whole number of tokens');
    expect(message).toContain('PKG_PASS_SECRET must be at least 32 characters');
    expect(message).toContain('(got "1e5")');
    expect(message).not.toContain('short-secret-value');
  });
});

describe('pass keys', () => {
  test('without PKG_PASS_SECRET a random secret is created once, readable only by the owner, and kept', () => {
    const dir = dataDir();
    const first = loadPassKeys({ PKG_DATA_DIR: dir });
    const file = path.join(dir, 'pass-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8');
    const second = loadPassKeys({ PKG_DATA_DIR: dir });
    expect(readFileSync(file, 'utf8')).toBe(stored);
    expect(Buffer.from(second.pass).equals(Buffer.from(first.pass))).toBe(true);
    expect(Buffer.from(second.counter).equals(Buffer.from(first.counter))).toBe(true);
    // Another data directory has another secret.
    const other = loadPassKeys({ PKG_DATA_DIR: dataDir() });
    expect(Buffer.from(other.pass).equals(Buffer.from(first.pass))).toBe(false);
  });

  test('PKG_PASS_SECRET gives the same keys on every server, and the two keys differ', () => {
    const secret = 'a-long-operator-chosen-secret-of-48-characters!!';
    const a = loadPassKeys({ PKG_DATA_DIR: dataDir(), PKG_PASS_SECRET: secret });
    const b = loadPassKeys({ PKG_DATA_DIR: dataDir(), PKG_PASS_SECRET: secret });
    expect(Buffer.from(a.pass).equals(Buffer.from(b.pass))).toBe(true);
    expect(Buffer.from(a.pass).equals(Buffer.from(a.counter))).toBe(false);
    expect(a.pass).toHaveLength(32);
  });
});

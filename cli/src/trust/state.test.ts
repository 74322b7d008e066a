// The trust state of a registry (docs/trust.md, "What the CLI checks"): one file per registry
// under $XDG_CONFIG_HOME/pkg/trust/, validated on read, written atomically.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSigningKey, leafHash } from '@pkg/shared';
import {
  checkpointOf,
  pinnedKeysOf,
  readTrustState,
  registryFileName,
  trustStateFile,
  withCheckpoint,
  withPinnedKeys,
  writeTrustState,
  type TrustState,
} from './state.js';

const home = mkdtempSync(path.join(tmpdir(), 'pkg-trust-state-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { XDG_CONFIG_HOME: path.join(home, 'config'), HOME: home };
const now = new Date('2026-11-27T04:00:00.000Z');

function key() {
  const { key: k } = generateSigningKey();
  return { keyid: k.keyid, key: Buffer.from(k.publicKey).toString('base64') };
}

function fresh(registry: string): TrustState {
  return { stateVersion: 1, registry, origin: 'localhost/log', keys: [], checkpoint: null };
}

describe('trust state', () => {
  it.each([
    ['http://127.0.0.1:4873', '127.0.0.1_4873.json'],
    ['https://registry.example.com', 'registry.example.com_443.json'],
    ['http://registry.example.com/', 'registry.example.com_80.json'],
    ['http://[::1]:8080', '___1__8080.json'],
  ])('%s is kept in %s', (registry, name) => {
    expect(registryFileName(registry)).toBe(name);
    expect(trustStateFile(registry, env)).toBe(path.join(home, 'config', 'pkg', 'trust', name));
  });

  it('reads nothing before the first write, then what was written', () => {
    const registry = 'http://127.0.0.1:5000';
    expect(readTrustState(registry, env)).toBeUndefined();
    const [a, b] = [key(), key()];
    let state = withPinnedKeys(fresh(registry), [a], 'first use', now);
    state = withPinnedKeys(state, [a, b], 'pkg trust accept', now);
    expect(pinnedKeysOf(state)).toEqual([a, b]);
    expect(state.keys.map((k) => k.how)).toEqual(['first use', 'pkg trust accept']);
    const file = writeTrustState(state, env);
    expect(file).toBe(trustStateFile(registry, env));
    expect(readTrustState(registry, env)).toEqual(state);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state);
  });

  it('keeps the larger checkpoint', () => {
    const rootHash = leafHash('root');
    const big = { origin: 'localhost/log', size: 9, rootHash };
    let state = withCheckpoint(fresh('http://h:1'), 'note 9', big, now);
    state = withCheckpoint(state, 'note 7', { ...big, size: 7 }, now);
    expect(state.checkpoint).toMatchObject({ size: 9, note: 'note 9', seenAt: now.toISOString() });
    const seen = checkpointOf(state);
    expect(seen).toMatchObject({ origin: 'localhost/log', size: 9 });
    expect(Buffer.from(seen?.rootHash ?? []).equals(Buffer.from(rootHash))).toBe(true);
    expect(checkpointOf(fresh('http://h:1'))).toBeUndefined();
  });

  it('is the same state when the checkpoint is the one it keeps (nothing to write), first seen kept', () => {
    const checkpoint = { origin: 'localhost/log', size: 9, rootHash: leafHash('root') };
    const state = withCheckpoint(fresh('http://h:1'), 'note 9', checkpoint, now);
    expect(withCheckpoint(state, 'note 9', checkpoint, new Date(now.getTime() + 1000))).toBe(state);
    const other = withCheckpoint(state, 'note 9b', { ...checkpoint, rootHash: leafHash('fork') }, now);
    expect(other).not.toBe(state);
  });

  it('refuses a file of another shape, naming it', () => {
    const registry = 'http://127.0.0.1:5001';
    const file = trustStateFile(registry, env);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...fresh(registry), keys: [{ keyid: 'nope', key: 'x' }] }));
    expect(() => readTrustState(registry, env)).toThrow(
      `The registry's trust state (${file}) does not have the expected shape.`,
    );
    writeFileSync(file, '{');
    expect(() => readTrustState(registry, env)).toThrow('is not valid JSON');
  });

  it('refuses to write a state that does not validate', () => {
    const bad = { ...fresh('http://127.0.0.1:5002'), origin: '' };
    expect(() => writeTrustState(bad, env)).toThrow();
  });
});

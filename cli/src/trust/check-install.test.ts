// The install-side trust checks (docs/trust.md, "What the CLI checks") against a registry double
// that answers the four trust procedures from real signed data: keys from generateSigningKey,
// records signed over versionStatement, a log in memory built from stored hashes as the server
// builds it, checkpoints signed as C2SP notes (test/helpers/trust-registry.ts). The state lives
// under a temporary XDG_CONFIG_HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSigningKey, type SignedRecord } from '@pkg/shared';
import { fakeTrustRegistry, listedKey } from '../../test/helpers/trust-registry.js';
import { CliError } from '../exit.js';
import { checkInstallTrust } from './check-install.js';
import { readTrustState } from './state.js';

const ORIGIN = '127.0.0.1/log';
const REGISTRY = 'http://127.0.0.1:4873';
const home = mkdtempSync(path.join(tmpdir(), 'pkg-check-install-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let homes = 0;
const freshEnv = () => ({ XDG_CONFIG_HOME: path.join(home, String(++homes)), HOME: home });
const listed = (key: Parameters<typeof listedKey>[0], by: Parameters<typeof listedKey>[2]) =>
  listedKey(key, ORIGIN, by);
const fakeRegistry = () => fakeTrustRegistry(ORIGIN);
const target = (record: SignedRecord) => ({ id: record.name, version: record.version, record });

async function failure(run: Promise<unknown>): Promise<CliError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof CliError) return error;
  throw new Error(`expected a CliError, got ${String(error)}`);
}

describe('checkInstallTrust', () => {
  it('pins the keys on first use, verifies, and keeps the checkpoint it saw', async () => {
    const { registry, client } = fakeRegistry();
    const record = await registry.publish('@acme/clock', '1.0.0');
    const env = freshEnv();
    const result = await checkInstallTrust(REGISTRY, [target(record)], { client, env });
    expect(result.verdicts).toMatchObject([{ package: '@acme/clock', version: '1.0.0', logIndex: 0 }]);
    expect(result.notes).toEqual([`pinned the keys of ${REGISTRY} on first use: ${registry.key.keyid}`]);
    const state = readTrustState(REGISTRY, env);
    expect(state?.keys.map((k) => k.keyid)).toEqual([registry.key.keyid]);
    expect(state?.checkpoint?.size).toBe(1);

    const second = await registry.publish('@acme/clock', '1.1.0');
    const again = await checkInstallTrust(REGISTRY, [target(record), target(second)], { client, env });
    expect(again.verdicts.map((v) => [v.logIndex, v.consistency])).toEqual([
      [0, 'extends'],
      [1, 'extends'],
    ]);
    expect(again.notes).toEqual([]);
    expect(readTrustState(REGISTRY, env)?.checkpoint?.size).toBe(2);
  });

  it('a record changed after signing fails naming the signature', async () => {
    const { registry, client } = fakeRegistry();
    const record = await registry.publish('@acme/clock', '1.0.0');
    const error = await failure(
      checkInstallTrust(REGISTRY, [target({ ...record, publishedBy: 'mallory' })], {
        client,
        env: freshEnv(),
      }),
    );
    expect(error.code).toBe('SIGNATURE_INVALID');
    expect(error.message).toBe(
      `the signature of @acme/clock@1.0.0 by ${registry.key.keyid} does not verify: the record is not the one the registry signed (registry ${REGISTRY}).`,
    );
  });

  it('a record of another version, validly signed, is not the record of the version asked for', async () => {
    const { registry, client } = fakeRegistry();
    const old = await registry.publish('@acme/clock', '1.0.0');
    await registry.publish('@acme/clock', '1.1.0');
    const error = await failure(
      checkInstallTrust(REGISTRY, [{ id: '@acme/clock', version: '1.1.0', record: old }], {
        client,
        env: freshEnv(),
      }),
    );
    expect(error.code).toBe('SIGNATURE_INVALID');
    expect(error.message).toBe(
      `asked for @acme/clock@1.1.0, the registry answered the record of @acme/clock@1.0.0 (registry ${REGISTRY}).`,
    );
  });

  it('a registry whose history changed since the last install: the log forked', async () => {
    const { registry, client } = fakeRegistry();
    const env = freshEnv();
    await checkInstallTrust(REGISTRY, [target(await registry.publish('@acme/clock', '1.0.0'))], {
      client,
      env,
    });
    // Another registry, same key and origin, another history.
    const other = fakeRegistry();
    other.registry.key = registry.key;
    other.registry.keys = registry.keys;
    await other.registry.append('pkg-log/v1 yank\npackage @acme/clock\nversion 0.0.1\n');
    const record = await other.registry.publish('@acme/clock', '1.0.0');
    const error = await failure(checkInstallTrust(REGISTRY, [target(record)], { client: other.client, env }));
    expect(error.code).toBe('LOG_FORKED');
    expect(error.message).toContain("the registry's log forked");
  });

  it('a rotation endorsed by the pinned key is named in the failure until pkg trust accept pins the new key', async () => {
    const { registry, client } = fakeRegistry();
    const env = freshEnv();
    const old = registry.key;
    await checkInstallTrust(REGISTRY, [target(await registry.publish('@acme/clock', '1.0.0'))], {
      client,
      env,
    });
    const next = generateSigningKey().key;
    registry.keys = [
      { ...listed(old, null), status: 'retired', expires: '2026-11-27T04:00:00.000Z' },
      listed(next, old),
    ];
    registry.key = next;
    await registry.append(`pkg-log/v1 key\nkeyid ${next.keyid}\n`);
    const record = await registry.publish('@acme/clock', '2.0.0');
    // The checkpoint is signed by the new key: not pinned yet.
    const error = await failure(checkInstallTrust(REGISTRY, [target(record)], { client, env }));
    expect(error.code).toBe('CHECKPOINT_INVALID');
    expect(error.message).toBe(
      `the checkpoint is not signed by a pinned key of ${ORIGIN}; the registry rotated to key ${next.keyid}, endorsed by the pinned key ${old.keyid}: pin it with pkg trust accept (registry ${REGISTRY}).`,
    );
  });
});

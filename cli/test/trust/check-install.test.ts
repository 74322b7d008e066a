// The install-side trust checks (docs/trust.md, "What the CLI checks"), checkInstallTrust in
// process against the real server: the keys pinned on first use and the checkpoint kept; a
// changed record; the record of another version; a forked log (a checkpoint signed with the
// registry's key over another root); a rotation by `pkg-admin keys rotate`, named in the failure
// until `pkg trust accept`. The state lives under a temporary XDG_CONFIG_HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SignedRecord } from '@pkg/shared';
import { CliError } from '../../src/exit.js';
import { checkInstallTrust } from '../../src/trust/check-install.js';
import { readTrustState } from '../../src/trust/state.js';
import { ORIGIN, startTrustServer, type TrustServer } from '../helpers/trust-server.js';

const home = mkdtempSync(path.join(tmpdir(), 'pkg-check-install-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let homes = 0;
const freshEnv = () => ({ XDG_CONFIG_HOME: path.join(home, String(++homes)), HOME: home });
const target = (record: SignedRecord) => ({ id: record.name, version: record.version, record });

const servers: TrustServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function serve(versions: string[], options: { shared?: boolean } = {}): Promise<TrustServer> {
  const server = await startTrustServer(versions, options);
  servers.push(server);
  return server;
}

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
    const registry = await serve(['1.0.0']);
    const record = await registry.record('1.0.0');
    const keyid = record.signatures[0]?.keyid;
    const env = freshEnv();
    const result = await checkInstallTrust(registry.url, [target(record)], { env });
    expect(result.verdicts).toMatchObject([{ package: '@acme/clock', version: '1.0.0', logIndex: 0 }]);
    expect(result.notes).toEqual([`pinned the keys of ${registry.url} on first use: ${keyid}`]);
    const state = readTrustState(registry.url, env);
    expect(state?.keys.map((k) => k.keyid)).toEqual([keyid]);
    expect(state?.checkpoint?.size).toBe(1);

    const second = await registry.publish('1.1.0');
    const again = await checkInstallTrust(registry.url, [target(record), target(second)], { env });
    expect(again.verdicts.map((v) => [v.logIndex, v.consistency])).toEqual([
      [0, 'extends'],
      [1, 'extends'],
    ]);
    expect(again.notes).toEqual([]);
    expect(readTrustState(registry.url, env)?.checkpoint?.size).toBe(2);
  });

  it('a record changed after signing fails naming the signature', async () => {
    const registry = await serve(['1.0.0']);
    const record = await registry.record('1.0.0');
    const error = await failure(
      checkInstallTrust(registry.url, [target({ ...record, publishedBy: 'mallory' })], { env: freshEnv() }),
    );
    expect(error.code).toBe('SIGNATURE_INVALID');
    expect(error.message).toBe(
      `the signature of @acme/clock@1.0.0 by ${record.signatures[0]?.keyid} does not verify: the record is not the one the registry signed (registry ${registry.url}).`,
    );
  });

  it('a record of another version, validly signed, is not the record of the version asked for', async () => {
    const registry = await serve(['1.0.0', '1.1.0']);
    const old = await registry.record('1.0.0');
    const error = await failure(
      checkInstallTrust(registry.url, [{ id: '@acme/clock', version: '1.1.0', record: old }], {
        env: freshEnv(),
      }),
    );
    expect(error.code).toBe('SIGNATURE_INVALID');
    expect(error.message).toBe(
      `asked for @acme/clock@1.1.0, the registry answered the record of @acme/clock@1.0.0 (registry ${registry.url}).`,
    );
  });

  it('a registry whose history changed since the last install: the log forked', async () => {
    const registry = await serve(['1.0.0']);
    const env = freshEnv();
    const record = await registry.record('1.0.0');
    await checkInstallTrust(registry.url, [target(record)], { env });
    await registry.forgeCheckpoint(1);
    const error = await failure(checkInstallTrust(registry.url, [target(record)], { env }));
    expect(error.code).toBe('LOG_FORKED');
    expect(error.message).toContain("the registry's log forked");
  });

  it('a rotation endorsed by the pinned key is named in the failure until pkg trust accept pins the new key', async () => {
    const registry = await serve(['1.0.0'], { shared: true });
    const env = freshEnv();
    await checkInstallTrust(registry.url, [target(await registry.record('1.0.0'))], { env });
    const rotated = await registry.rotateKey();
    const record = await registry.publish('2.0.0');
    // The checkpoint is signed by the new key: not pinned yet.
    const error = await failure(checkInstallTrust(registry.url, [target(record)], { env }));
    expect(error.code).toBe('CHECKPOINT_INVALID');
    expect(error.message).toBe(
      `the checkpoint is not signed by a pinned key of ${ORIGIN}; the registry rotated to key ${rotated.keyid}, endorsed by the pinned key ${rotated.retired}: pin it with pkg trust accept (registry ${registry.url}).`,
    );
  });
});

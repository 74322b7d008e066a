// The install-side trust checks (docs/trust.md, "What the CLI checks") against a registry double
// that answers the four trust procedures from real signed data: keys from generateSigningKey,
// records signed over versionStatement, a log in memory built from stored hashes as the server
// builds it, checkpoints signed as C2SP notes. The state under a temporary XDG_CONFIG_HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatCheckpoint,
  generateSigningKey,
  keyEndorsementText,
  leafHash,
  noteKeyId,
  proveConsistency,
  proveInclusion,
  publishEntry,
  signBytes,
  signNote,
  storedHashesForLeaf,
  treeHash,
  versionFactsOf,
  versionStatement,
  type HashReader,
  type RegistryKey,
  type SignedRecord,
  type SigningKey,
} from '@pkg/shared';
import { CliError } from '../exit.js';
import { checkInstallTrust } from './check-install.js';
import { readTrustState } from './state.js';
import type { TrustClient } from './trust-client.js';

const ORIGIN = '127.0.0.1/log';
const REGISTRY = 'http://127.0.0.1:4873';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const home = mkdtempSync(path.join(tmpdir(), 'pkg-check-install-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let homes = 0;
const freshEnv = () => ({ XDG_CONFIG_HOME: path.join(home, String(++homes)), HOME: home });

function listed(key: SigningKey, endorsedBy: SigningKey | null): RegistryKey {
  return {
    keyid: key.keyid,
    keytype: 'ed25519',
    scheme: 'ed25519',
    key: b64(key.publicKey),
    noteName: ORIGIN,
    noteKeyId: noteKeyId(ORIGIN, key.publicKey),
    status: 'current',
    validFrom: '2026-11-27T03:00:00.000Z',
    expires: null,
    endorsedBy: endorsedBy
      ? {
          keyid: endorsedBy.keyid,
          sig: b64(signBytes(endorsedBy, keyEndorsementText(key.keyid, b64(key.publicKey)))),
        }
      : null,
  };
}

/** A registry that signs and logs what it publishes, and answers the trust procedures. */
function fakeRegistry() {
  const stored: Uint8Array[] = [];
  const entries: string[] = [];
  const read: HashReader = (indexes) => Promise.resolve(indexes.map((i) => stored[i] as Uint8Array));
  const records = new Map<string, SignedRecord>();
  const registry = {
    key: generateSigningKey().key,
    keys: [] as RegistryKey[],
    /** Answers checkpoints of this many entries (a registry showing an older tree). */
    showSize: undefined as number | undefined,
    async append(entry: string) {
      stored.push(...(await storedHashesForLeaf(entries.length, leafHash(entry), read)));
      entries.push(entry);
      return entries.length - 1;
    },
    async publish(version: string): Promise<SignedRecord> {
      const at = '2026-11-27T03:30:00.000Z';
      const base: SignedRecord = {
        name: '@acme/clock',
        version,
        integrity: `sha256-${'ab'.repeat(32)}`,
        size: 10,
        publishedBy: 'ada',
        publishedAt: at,
        provenance: {
          schemaVersion: 1,
          recorded: true,
          package: '@acme/clock',
          version,
        } as SignedRecord['provenance'],
        signatures: [],
        log: null,
      };
      const signature = {
        keyid: registry.key.keyid,
        sig: b64(signBytes(registry.key, versionStatement(versionFactsOf(base)))),
      };
      const signed = { ...base, signatures: [signature] };
      const index = await registry.append(publishEntry(versionFactsOf(signed), signature));
      const record = { ...signed, log: { index } };
      records.set(version, record);
      return record;
    },
    async note(size: number) {
      const checkpoint = { origin: ORIGIN, size, rootHash: await treeHash(size, read) };
      return { note: signNote(formatCheckpoint(checkpoint), ORIGIN, registry.key), checkpoint };
    },
  };
  registry.keys = [listed(registry.key, null)];
  const client: TrustClient = {
    keys: () => Promise.resolve({ origin: ORIGIN, keys: registry.keys }),
    async checkpoint() {
      const { note, checkpoint } = await registry.note(registry.showSize ?? entries.length);
      return { note, origin: ORIGIN, size: checkpoint.size, rootHash: b64(checkpoint.rootHash) };
    },
    async inclusion(ref, size) {
      const index = records.get(ref.version)?.log?.index ?? 0;
      return {
        index,
        treeSize: size,
        leafHash: b64(leafHash(entries[index] ?? '')),
        proof: (await proveInclusion(size, index, read)).map(b64),
        checkpoint: (await registry.note(size)).note,
      };
    },
    async consistency(from, to) {
      return { from, to, proof: (await proveConsistency(from, to, read)).map(b64) };
    },
  };
  return { registry, client };
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
    const { registry, client } = fakeRegistry();
    const record = await registry.publish('1.0.0');
    const env = freshEnv();
    const result = await checkInstallTrust(REGISTRY, [record], { client, env });
    expect(result.verdicts).toMatchObject([{ package: '@acme/clock', version: '1.0.0', logIndex: 0 }]);
    expect(result.notes).toEqual([`pinned the keys of ${REGISTRY} on first use: ${registry.key.keyid}`]);
    const state = readTrustState(REGISTRY, env);
    expect(state?.keys.map((k) => k.keyid)).toEqual([registry.key.keyid]);
    expect(state?.checkpoint?.size).toBe(1);

    const second = await registry.publish('1.1.0');
    const again = await checkInstallTrust(REGISTRY, [record, second], { client, env });
    expect(again.verdicts.map((v) => [v.logIndex, v.consistency])).toEqual([
      [0, 'extends'],
      [1, 'extends'],
    ]);
    expect(again.notes).toEqual([]);
    expect(readTrustState(REGISTRY, env)?.checkpoint?.size).toBe(2);
  });

  it('a record changed after signing fails naming the signature', async () => {
    const { registry, client } = fakeRegistry();
    const record = await registry.publish('1.0.0');
    const error = await failure(
      checkInstallTrust(REGISTRY, [{ ...record, publishedBy: 'mallory' }], { client, env: freshEnv() }),
    );
    expect(error.code).toBe('SIGNATURE_INVALID');
    expect(error.message).toBe(
      `the signature of @acme/clock@1.0.0 by ${registry.key.keyid} does not verify: the record is not the one the registry signed (registry ${REGISTRY}).`,
    );
  });

  it('a registry whose history changed since the last install: the log forked', async () => {
    const { registry, client } = fakeRegistry();
    const env = freshEnv();
    await checkInstallTrust(REGISTRY, [await registry.publish('1.0.0')], { client, env });
    // Another registry, same key and origin, another history.
    const other = fakeRegistry();
    other.registry.key = registry.key;
    other.registry.keys = registry.keys;
    await other.registry.append('pkg-log/v1 yank\npackage @acme/clock\nversion 0.0.1\n');
    const record = await other.registry.publish('1.0.0');
    const error = await failure(checkInstallTrust(REGISTRY, [record], { client: other.client, env }));
    expect(error.code).toBe('LOG_FORKED');
    expect(error.message).toContain("the registry's log forked");
  });

  it('a rotation endorsed by the pinned key is named in the failure until pkg trust accept pins the new key', async () => {
    const { registry, client } = fakeRegistry();
    const env = freshEnv();
    const old = registry.key;
    await checkInstallTrust(REGISTRY, [await registry.publish('1.0.0')], { client, env });
    const next = generateSigningKey().key;
    registry.keys = [
      { ...listed(old, null), status: 'retired', expires: '2026-11-27T04:00:00.000Z' },
      listed(next, old),
    ];
    registry.key = next;
    await registry.append(`pkg-log/v1 key\nkeyid ${next.keyid}\n`);
    const record = await registry.publish('2.0.0');
    // The checkpoint is signed by the new key: not pinned yet.
    const error = await failure(checkInstallTrust(REGISTRY, [record], { client, env }));
    expect(error.code).toBe('CHECKPOINT_INVALID');
    expect(error.message).toBe(
      `the checkpoint is not signed by a pinned key of ${ORIGIN}; the registry rotated to key ${next.keyid}, endorsed by the pinned key ${old.keyid}: pin it with pkg trust accept (registry ${REGISTRY}).`,
    );
  });
});

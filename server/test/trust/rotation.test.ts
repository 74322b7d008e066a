// Key rotation (docs/trust.md, "Keys"): the new key is current and endorsed by the old one, which
// is retired and still verifies what it signed; a server holding the old key loads the new key
// file before it signs again, and a server whose PKG_SIGNING_KEY is retired refuses to publish.
// Then the backfill of versions published before signing existed, and the log check.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  versionFactsOf,
  generateSigningKey,
  verifyBytes,
  versionStatement,
  type RegistryKeys,
  type VersionRecord,
} from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backfillTrust } from '../../src/services/registry/trust/backfill.js';
import { endorsementText, rotateSigningKey } from '../../src/services/registry/trust/key-rotation.js';
import { verifyLog } from '../../src/services/registry/trust/log-verify.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

async function getJson<T>(server: TestServer, p: string): Promise<T> {
  return (await (await fetch(`${server.url}${p}`)).json()) as T;
}

function verifies(record: VersionRecord, keys: RegistryKeys): boolean {
  const [signature] = record.signatures;
  const key = keys.keys.find((k) => k.keyid === signature?.keyid);
  if (!key || !signature) return false;
  const statement = versionStatement(versionFactsOf(record));
  return verifyBytes(unb64(key.key), statement, unb64(signature.sig));
}

describe('rotating the key file of a data directory shared by two servers', () => {
  let store: SharedStore;
  let dataDir: string;
  let first: TestServer;
  let second: TestServer;
  let token: string;

  const publish = async (server: TestServer, version: string) => {
    const pkg = await buildPackage({ namespace: 'alice', name: 'rot', version });
    return publishArchive(server.url, token, pkg.bytes);
  };

  beforeAll(async () => {
    store = await startSharedStore();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-rotate-'));
    const env = { PKG_DATA_DIR: dataDir };
    first = await startTestServer({ mongodbUri: store.uri, env });
    second = await startTestServer({ mongodbUri: store.uri, env });
    token = (await createUser(first.deps.registry, 'alice')).token.token;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await store?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the first start wrote the key file with mode 0600, and both servers sign with it', async () => {
    expect(statSync(path.join(dataDir, 'signing-key.pem')).mode & 0o777).toBe(0o600);
    expect((await publish(first, '1.0.0')).status).toBe(201);
    expect((await publish(second, '1.0.1')).status).toBe(201);
    const keys = await getJson<RegistryKeys>(first, '/keys');
    expect(keys.keys).toHaveLength(1);
    for (const v of ['1.0.0', '1.0.1']) {
      const record = await getJson<VersionRecord>(first, `/packages/alice/rot/${v}`);
      expect(record.signatures[0]?.keyid).toBe(keys.keys[0]?.keyid);
    }
  });

  test('after a rotation the old key is retired and endorses the new one; both servers sign with the new one', async () => {
    const before = readFileSync(path.join(dataDir, 'signing-key.pem'), 'utf8');
    const rotated = await rotateSigningKey(second.deps.registry);
    expect(readFileSync(path.join(dataDir, 'signing-key.pem'), 'utf8')).not.toBe(before);
    const keys = await getJson<RegistryKeys>(first, '/keys');
    const [old, now] = keys.keys;
    expect(old).toMatchObject({ keyid: rotated.retired, status: 'retired', expires: expect.any(String) });
    expect(now).toMatchObject({ keyid: rotated.keyid, status: 'current', expires: null });
    expect(now?.endorsedBy?.keyid).toBe(old?.keyid);
    const text = endorsementText(now?.keyid ?? '', now?.key ?? '');
    expect(verifyBytes(unb64(old?.key ?? ''), text, unb64(now?.endorsedBy?.sig ?? ''))).toBe(true);
    const entry = await getJson<{ kind: string; body: string }>(first, `/log/entries/${rotated.logIndex}`);
    expect(entry.kind).toBe('key');
    expect(entry.body).toContain(`retires ${rotated.retired}\n`);

    // `first` still holds the old key in memory: it loads the new key file before signing.
    expect((await publish(first, '1.1.0')).status).toBe(201);
    const fresh = await getJson<VersionRecord>(first, '/packages/alice/rot/1.1.0');
    expect(fresh.signatures[0]?.keyid).toBe(rotated.keyid);
    const old_ = await getJson<VersionRecord>(first, '/packages/alice/rot/1.0.0');
    expect(old_.signatures[0]?.keyid).toBe(rotated.retired);
    expect(verifies(fresh, keys)).toBe(true);
    expect(verifies(old_, keys)).toBe(true);
    expect(await verifyLog(first.deps.registry)).toMatchObject({ entries: 4, checkpoints: 4 });
  });

  test('versions published before signing existed are signed and logged by the backfill, once', async () => {
    const { Version } = first.deps.registry.models;
    const template = await Version.findOne({ version: '1.0.0' }, { _id: 0 }).lean();
    if (!template) throw new Error('no template');
    const { signatures: _s, logIndex: _l, ...unsigned } = template;
    await Version.collection.insertOne({ ...unsigned, version: '0.9.0', publishedAt: new Date(0) });
    const [a, b] = await Promise.all([
      backfillTrust(first.deps.registry),
      backfillTrust(second.deps.registry),
    ]);
    expect(a.signed + b.signed).toBe(1);
    expect(a.logged + b.logged).toBe(1);
    expect(await backfillTrust(first.deps.registry)).toEqual({ signed: 0, logged: 0 });
    const record = await getJson<VersionRecord>(first, '/packages/alice/rot/0.9.0');
    expect(record.log).toEqual({ index: 4 });
    expect(verifies(record, await getJson<RegistryKeys>(first, '/keys'))).toBe(true);
    expect(await verifyLog(first.deps.registry)).toMatchObject({ entries: 5 });
  });

  test('log verify names a changed entry', async () => {
    const { LogEntry } = first.deps.registry.models;
    const entry = await LogEntry.findOne({ index: 1 }).lean();
    await LogEntry.updateOne({ index: 1 }, { $set: { body: `${entry?.body ?? ''}x` } });
    await expect(verifyLog(first.deps.registry)).rejects.toThrow(/^entry 1: /);
    await LogEntry.updateOne({ index: 1 }, { $set: { body: entry?.body } });
    await LogEntry.updateOne({ index: 0 }, { $set: { 'hashes.0': Buffer.alloc(32).toString('base64') } });
    await expect(verifyLog(first.deps.registry)).rejects.toThrow(/^stored hash 0 /);
  });
});

describe('a server whose PKG_SIGNING_KEY was retired', () => {
  let server: TestServer;
  let token: string;
  const oldKey = generateSigningKey();
  const newKey = generateSigningKey();

  beforeAll(async () => {
    server = await startTestServer({ env: { PKG_SIGNING_KEY: oldKey.pem } });
    token = (await createUser(server.deps.registry, 'dora')).token.token;
  });
  afterAll(() => server?.close());

  test('signs with the variable, and a rotation needs --new-key-file', async () => {
    const pkg = await buildPackage({ namespace: 'dora', name: 'env', version: '1.0.0' });
    expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
    const record = await getJson<VersionRecord>(server, '/packages/dora/env/1.0.0');
    expect(record.signatures[0]?.keyid).toBe(oldKey.key.keyid);
    await expect(rotateSigningKey(server.deps.registry)).rejects.toThrow(/--new-key-file/);
  });

  test('refuses to publish after the rotation (503 NOT_CONFIGURED), storing nothing', async () => {
    // The rotation is done by another process (pkg-admin): this server keeps its variable.
    await rotateSigningKey(server.deps.registry, newKey.pem);
    server.deps.registry.trust.key = oldKey.key;
    const pkg = await buildPackage({ namespace: 'dora', name: 'env', version: '1.1.0' });
    const res = await publishArchive(server.url, token, pkg.bytes);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_CONFIGURED');
    expect(body.error.message).toContain(`current: ${newKey.key.keyid}`);
    expect(body.error.message).toContain('PKG_SIGNING_KEY');
    expect((await fetch(`${server.url}/packages/dora/env/1.1.0`)).status).toBe(404);
  });
});

// The log across server processes (docs/trust.md, "The log"): 200 publishes at once through two
// BUILT servers on one store end as 200 entries at indexes 0..199, each version with its own, and
// `pkg-admin log verify` passes; a rotation by `pkg-admin keys rotate` while both run is picked up
// before they sign again. The private key never appears in any output of the servers or of
// pkg-admin.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RegistryKeys, VersionRecord } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAdmin, runJson, type AdminRun } from '../admin/run-admin.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';

const PUBLISHES = 200;
let store: SharedStore;
let dataDir: string;
let env: Record<string, string>;
let servers: SpawnedServer[] = [];
let token: string;
const adminRuns: AdminRun[] = [];
/** Every private key the data directory held (the first, then the rotated one). */
const pems: string[] = [];
const keyFile = () => readFileSync(path.join(dataDir, 'signing-key.pem'), 'utf8');

async function admin(args: string[]): Promise<AdminRun> {
  const run = await runAdmin(args, env);
  adminRuns.push(run);
  return run;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  store = await startSharedStore();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-trust-proc-'));
  env = { MONGODB_URI: store.uri, PKG_DATA_DIR: dataDir };
  const serverEnv = { ...env, PKG_RATE_LIMIT_PUBLISH: '0', PKG_RATE_LIMIT_PUBLIC: '0', LOG_LEVEL: 'debug' };
  servers = [await spawnServer(serverEnv)];
  servers.push(await spawnServer(serverEnv));
  pems.push(keyFile());
  const created = await admin(['user', 'create', 'load']);
  token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two server processes on one store', () => {
  test(`${PUBLISHES} publishes at once: distinct indexes 0..${PUBLISHES - 1}, and log verify passes`, async () => {
    const archives = await Promise.all(
      Array.from({ length: PUBLISHES }, (_, i) =>
        buildPackage({ namespace: 'load', name: `p${i % 20}`, version: `1.0.${Math.floor(i / 20)}` }),
      ),
    );
    const statuses = await Promise.all(
      archives.map(async (pkg, i) => {
        const res = await publishArchive(servers[i % 2]?.url ?? '', token, pkg.bytes);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const url = servers[0]?.url ?? '';
    const indexes = await Promise.all(
      Array.from({ length: PUBLISHES }, async (_, i) => {
        const record = await getJson<VersionRecord>(
          `${url}/packages/load/p${i % 20}/1.0.${Math.floor(i / 20)}`,
        );
        return record.log?.index;
      }),
    );
    expect([...indexes].sort((a, b) => (a ?? -1) - (b ?? -1))).toEqual(
      Array.from({ length: PUBLISHES }, (_, i) => i),
    );
    const checkpoint = await (await fetch(`${url}/log/checkpoint`)).text();
    expect(checkpoint.split('\n')[1]).toBe(String(PUBLISHES));
    const verified = await admin(['log', 'verify', '--json']);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      ok: true,
      entries: PUBLISHES,
      checkpoints: PUBLISHES,
    });
  }, 180_000);

  test('keys rotate while both run: the next publishes of both carry the new key id', async () => {
    const rotated = await runJson<{ keyid: string; retired: string }>(['keys', 'rotate'], env);
    pems.push(keyFile());
    expect(pems[1]).not.toBe(pems[0]);
    const listed = await admin(['keys', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${rotated.retired}  retired`);
    for (const [i, server] of servers.entries()) {
      const pkg = await buildPackage({ namespace: 'load', name: 'after', version: `2.0.${i}` });
      expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
      const record = await getJson<VersionRecord>(`${server.url}/packages/load/after/2.0.${i}`);
      expect(record.signatures[0]?.keyid).toBe(rotated.keyid);
    }
    const keys = await getJson<RegistryKeys>(`${servers[1]?.url}/keys`);
    expect(keys.keys.map((k) => [k.keyid, k.status])).toEqual([
      [rotated.retired, 'retired'],
      [rotated.keyid, 'current'],
    ]);
    const verified = await admin(['log', 'verify']);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^log ok: 203 entries/);
  });

  test('log verify exits non-zero naming the first problem', async () => {
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(store.uri);
    try {
      const entries = client.db().collection('log_entries');
      const doc = await entries.findOne({ index: 6 });
      const note = String(doc?.checkpoint?.note);
      await entries.updateOne({ index: 6 }, { $set: { 'checkpoint.note': note.replace(/\n7\n/, '\n8\n') } });
      const failed = await admin(['log', 'verify']);
      expect(failed.code).not.toBe(0);
      expect(failed.stderr).toMatch(/checkpoint 7: /);
      await entries.updateOne({ index: 6 }, { $set: { 'checkpoint.note': note } });
    } finally {
      await client.close();
    }
  });

  test('the private key appears in no output of the servers or of pkg-admin', () => {
    const seeds = pems.flatMap((pem) => {
      const secret = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
      const der = Buffer.from(secret, 'base64');
      return [
        secret,
        der.toString('hex'),
        der.subarray(-32).toString('base64'),
        der.subarray(-32).toString('hex'),
      ];
    });
    expect(seeds).toHaveLength(8);
    const outputs = [
      ...servers.map((s) => JSON.stringify(s.lines)),
      ...adminRuns.map((r) => r.stdout + r.stderr),
    ].join('\n');
    expect(outputs.length).toBeGreaterThan(1000);
    for (const seed of seeds) expect(outputs).not.toContain(seed);
  });
});

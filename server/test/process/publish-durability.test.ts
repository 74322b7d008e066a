// An acknowledged publish survives kill -9 of the BUILT server (docs/registry-api.md, "Publish";
// docs/performance.md, "Publish"): its writes before the summary's are journaled later, and the
// 201 waits for the one flush that holds them all. After the restart every acknowledged version
// is there with its artifact, its log entry and the summary naming it, and `pkg-admin log verify`
// passes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VersionRecord } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAdmin } from '../admin/run-admin.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';

const PUBLISHES = 12;
let dataDir: string;
const servers: SpawnedServer[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-publish-durable-'));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL').catch(() => null)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('publishes on the embedded store (its data directory; the MongoDB workflow leaves this file out)', () => {
  test('every acknowledged publish survives kill -9 of the server', async () => {
    const env = { PKG_DATA_DIR: dataDir, PKG_RATE_LIMIT_PUBLISH: '0', PKG_RATE_LIMIT_PUBLIC: '0' };
    const first = await spawnServer(env);
    servers.push(first);
    const created = await runAdmin(['user', 'create', 'durable'], env);
    expect(created.code).toBe(0);
    const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
    const archives = await Promise.all(
      Array.from({ length: PUBLISHES }, (_, i) =>
        buildPackage({ namespace: 'durable', name: 'tool', version: `1.0.${i}` }),
      ),
    );
    const integrities: string[] = [];
    for (const archive of archives) {
      const res = await publishArchive(first.url, token, archive.bytes);
      expect(res.status).toBe(201);
      integrities.push(((await res.json()) as { integrity: string }).integrity);
    }
    // killed right after the last 201, before anything else could flush the journal; the disk
    // copies of the artifacts go too, so that the downloads read what the store kept
    await first.stop('SIGKILL');
    rmSync(path.join(dataDir, 'artifact-cache'), { recursive: true, force: true });

    const second = await spawnServer(env);
    servers.push(second);
    const doc = (await (await fetch(`${second.url}/packages/durable/tool`)).json()) as {
      latest: string;
      versions: { version: string }[];
    };
    expect(doc.latest).toBe(`1.0.${PUBLISHES - 1}`);
    expect(doc.versions.map((v) => v.version).sort()).toEqual(
      Array.from({ length: PUBLISHES }, (_, i) => `1.0.${i}`).sort(),
    );
    for (const [i, integrity] of integrities.entries()) {
      const record = (await (
        await fetch(`${second.url}/packages/durable/tool/1.0.${i}`)
      ).json()) as VersionRecord;
      expect(record.integrity).toBe(integrity);
      expect(record.log?.index).toBe(i);
      const download = await fetch(`${second.url}/packages/durable/tool/1.0.${i}/download`);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(archives[i]?.bytes ?? []))).toBe(
        true,
      );
    }
    const checkpoint = await (await fetch(`${second.url}/log/checkpoint`)).text();
    expect(checkpoint.split('\n')[1]).toBe(String(PUBLISHES));
    const verified = await runAdmin(['log', 'verify', '--json'], env);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, entries: PUBLISHES });
  }, 120_000);
});

// A real registry server for the trust tests (docs/trust.md), with what a test needs to act as a
// malicious operator or as the registry's admin: publish versions of @acme/clock, change a
// version record in the database, sign a checkpoint of its own with the registry's key from the
// data directory (signing-key.pem), and rotate the key with the built `pkg-admin keys rotate`
// (the server then runs on a store that pkg-admin can reach too).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCheckpoint, parseSigningKey, signNote, type VersionRecord } from '@pkg/shared';
import { expect } from 'vitest';
import {
  buildPackage,
  createUser,
  publishArchive,
  runAdmin,
  startSharedStore,
  startTestServer,
  type SharedStore,
  type TestServer,
} from '@pkg/server/testing';

export const ORIGIN = 'registry.test/log';

export interface TrustServer {
  server: TestServer;
  url: string;
  publish(version: string): Promise<VersionRecord>;
  record(version: string): Promise<VersionRecord>;
  changeRecord(version: string, fields: Record<string, unknown>): Promise<void>;
  forgeCheckpoint(size: number): Promise<void>;
  rotateKey(): Promise<{ keyid: string; retired: string }>;
  close(): Promise<void>;
}

/** A server with @acme/clock at these versions; `shared`: on a store pkg-admin can reach. */
export async function startTrustServer(
  versions: readonly string[],
  options: { shared?: boolean } = {},
): Promise<TrustServer> {
  const store: SharedStore | undefined = options.shared ? await startSharedStore() : undefined;
  const server = await startTestServer({
    env: { PKG_LOG_ORIGIN: ORIGIN },
    ...(store ? { mongodbUri: store.uri } : {}),
  });
  const token = (await createUser(server.deps.registry, 'acme')).token.token;
  const record = async (version: string) => {
    const res = await fetch(`${server.url}/packages/acme/clock/${version}`);
    expect(res.status).toBe(200);
    return (await res.json()) as VersionRecord;
  };
  const publish = async (version: string) => {
    const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
    expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
    return record(version);
  };
  for (const version of versions) await publish(version);
  return {
    server,
    url: server.url,
    publish,
    record,
    async changeRecord(version, fields) {
      const { Version, Package } = server.deps.registry.models;
      await Version.updateOne({ namespace: 'acme', name: 'clock', version }, { $set: fields });
      // The server's cached answers are per package revision: make it read the changed record.
      await Package.updateOne({ namespace: 'acme', name: 'clock' }, { $inc: { revision: 1 } });
    },
    async forgeCheckpoint(size) {
      const dataDir = server.storeEnv.PKG_DATA_DIR ?? '';
      const key = parseSigningKey(readFileSync(path.join(dataDir, 'signing-key.pem'), 'utf8'));
      const rootHash = new Uint8Array(32).fill(7);
      const note = signNote(formatCheckpoint({ origin: ORIGIN, size, rootHash }), ORIGIN, key);
      const stored = await server.deps.registry.models.LogEntry.updateOne(
        { index: size - 1 },
        {
          $set: { 'checkpoint.note': note, 'checkpoint.rootHash': Buffer.from(rootHash).toString('base64') },
        },
      );
      expect(stored.matchedCount).toBe(1);
    },
    async rotateKey() {
      const run = await runAdmin(['keys', 'rotate', '--json'], server.storeEnv);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { keyid: string; retired: string };
    },
    async close() {
      await server.close();
      await store?.stop();
    },
  };
}

// A publish whose log append fails leaves nothing published (docs/registry-api.md, "Publish";
// docs/trust.md, "The log"): 503, the version and its artifact removed, the package unchanged.
import { expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer } from '../helpers/start-test-server.js';

test('503 METADATA_WRITE_FAILED when the log append fails; the version and artifact are removed', async () => {
  const server = await startTestServer();
  try {
    const token = (await createUser(server.deps.registry, 'erin')).token.token;
    const publish = async (version: string) =>
      publishArchive(
        server.url,
        token,
        (await buildPackage({ namespace: 'erin', name: 'tool', version })).bytes,
      );
    expect((await publish('1.0.0')).status).toBe(201);
    // A real refusal by the database: a unique index on the kind lets only one publish entry in.
    await server.deps.db
      .collection('log_entries')
      .createIndex({ kind: 1 }, { unique: true, name: 'fault_injection' });
    const res = await publish('1.1.0');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('METADATA_WRITE_FAILED');
    expect(body.error.message).toMatch(/nothing was published/);
    expect((await fetch(`${server.url}/packages/erin/tool/1.1.0`)).status).toBe(404);
    expect(
      await server.deps.db.collection('artifacts.files').countDocuments({ filename: /erin-tool-1\.1\.0/ }),
    ).toBe(0);
    const doc = (await (await fetch(`${server.url}/packages/erin/tool`)).json()) as {
      latest: string;
      versions: unknown[];
    };
    expect(doc).toMatchObject({ latest: '1.0.0', versions: [{ version: '1.0.0' }] });
    expect(await server.deps.registry.models.LogEntry.countDocuments()).toBe(1);
  } finally {
    await server.close();
  }
});

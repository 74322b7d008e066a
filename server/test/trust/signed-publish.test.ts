// A publish signs and logs (docs/trust.md, "What is signed", "The log", "Endpoints"): the record
// carries a valid signature and its log index; the keys endpoint lists the key; the inclusion and
// consistency proofs verify with shared's verifiers against the signed checkpoint; the endpoints'
// errors are 400 and 404 with their codes.
import {
  formatPackageId,
  keyIdOf,
  leafHash,
  openNote,
  parseCheckpoint,
  publishEntry,
  verifyBytes,
  verifyConsistency,
  verifyInclusion,
  versionStatement,
  type CheckpointAnswer,
  type ConsistencyProof,
  type InclusionProof,
  type LogEntry,
  type RegistryKeys,
  type VersionRecord,
  versionFactsOf,
} from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let alice: string;

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

async function publish(name: string, version: string): Promise<void> {
  const pkg = await buildPackage({ namespace: 'alice', name, version });
  const res = await publishArchive(server.url, alice, pkg.bytes);
  expect(res.status).toBe(201);
}

async function keys(): Promise<RegistryKeys> {
  return get<RegistryKeys>('/keys');
}

function checkpointOf(note: string, registryKeys: RegistryKeys) {
  const verifiers = registryKeys.keys.map((k) => ({ name: k.noteName, publicKey: unb64(k.key) }));
  const opened = openNote(note, verifiers);
  expect(opened.verifiedBy.length).toBe(1);
  return parseCheckpoint(opened.text);
}

beforeAll(async () => {
  server = await startTestServer({ env: { PKG_BASE_URL: 'https://registry.example.com' } });
  alice = (await createUser(server.deps.registry, 'alice')).token.token;
  for (const v of ['1.0.0', '1.1.0', '1.2.0']) await publish('greeter', v);
});
afterAll(() => server.close());

describe('the keys endpoint', () => {
  test('lists the current key with its note key id, origin from PKG_BASE_URL', async () => {
    const res = await fetch(`${server.url}/keys`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as RegistryKeys;
    expect(body.origin).toBe('registry.example.com/log');
    expect(body.keys).toHaveLength(1);
    const [key] = body.keys;
    expect(key).toMatchObject({
      keytype: 'ed25519',
      scheme: 'ed25519',
      noteName: 'registry.example.com/log',
      status: 'current',
      expires: null,
      endorsedBy: null,
    });
    expect(key?.keyid).toBe(keyIdOf(unb64(key?.key ?? '')));
  });
});

describe('a published version', () => {
  test('carries a signature over its statement and the index of its publish entry', async () => {
    const record = await get<VersionRecord>('/packages/alice/greeter/1.1.0');
    const { keys: [key] = [] } = await keys();
    expect(record.signatures).toEqual([{ keyid: key?.keyid, sig: expect.any(String) }]);
    expect(record.log).toEqual({ index: 1 });
    expect(record.yanked).toBeNull();
    expect(record.deprecated).toBeNull();
    const facts = versionFactsOf(record);
    expect(facts.package).toBe(formatPackageId('alice', 'greeter'));
    const [signature] = record.signatures;
    expect(verifyBytes(unb64(key?.key ?? ''), versionStatement(facts), unb64(signature?.sig ?? ''))).toBe(
      true,
    );
    const entry = await get<LogEntry>('/log/entries/1');
    expect(entry.kind).toBe('publish');
    expect(entry.body).toBe(publishEntry(facts, signature ?? { keyid: '', sig: '' }));
    expect(entry.leafHash).toBe(Buffer.from(leafHash(entry.body)).toString('base64'));
  });

  test('the tRPC answer equals the REST one', async () => {
    const rest = await get<VersionRecord>('/packages/alice/greeter/1.0.0');
    const input = encodeURIComponent(
      JSON.stringify({ json: { namespace: 'alice', name: 'greeter', version: '1.0.0' } }),
    );
    const res = await fetch(`${server.url}/trpc/packages.version?input=${input}`);
    const trpc = (await res.json()) as { result: { data: { json: VersionRecord } } };
    expect(trpc.result.data.json).toEqual(rest);
    expect(rest.log).toEqual({ index: 0 });
  });
});

describe('proofs against the signed checkpoint', () => {
  test('the checkpoint is a signed note of the tree', async () => {
    const res = await fetch(`${server.url}/log/checkpoint`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const note = await res.text();
    const checkpoint = checkpointOf(note, await keys());
    expect(checkpoint).toMatchObject({ origin: 'registry.example.com/log', size: 3 });
  });

  test.each([
    ['by index', '/log/proof/inclusion?index=1'],
    ['by version', '/log/proof/inclusion/alice/greeter/1.1.0'],
    ['by version, size 2', '/log/proof/inclusion/alice/greeter/1.1.0?size=2'],
  ])('inclusion %s verifies', async (_, path) => {
    const proof = await get<InclusionProof>(path);
    const checkpoint = checkpointOf(proof.checkpoint, await keys());
    expect(checkpoint.size).toBe(proof.treeSize);
    const ok = verifyInclusion(
      proof.index,
      proof.treeSize,
      unb64(proof.leafHash),
      proof.proof.map(unb64),
      checkpoint.rootHash,
    );
    expect(ok).toBe(true);
  });

  test('consistency between every pair of sizes verifies', async () => {
    const roots = new Map<number, Uint8Array>();
    for (const size of [1, 2, 3]) {
      const proof = await get<InclusionProof>(`/log/proof/inclusion?index=0&size=${size}`);
      roots.set(size, checkpointOf(proof.checkpoint, await keys()).rootHash);
    }
    for (const [from, to] of [
      [1, 2],
      [1, 3],
      [2, 3],
      [3, 3],
    ] as const) {
      const proof = await get<ConsistencyProof>(`/log/proof/consistency?from=${from}&to=${to}`);
      const [old, now] = [roots.get(from), roots.get(to)];
      if (!old || !now) throw new Error('a root is missing');
      expect(verifyConsistency(from, to, proof.proof.map(unb64), old, now)).toBe(true);
    }
  });

  test('the tRPC checkpoint procedure answers the same note', async () => {
    const res = await fetch(`${server.url}/trpc/log.checkpoint`);
    const body = (await res.json()) as { result: { data: { json: CheckpointAnswer } } };
    expect(body.result.data.json.note).toBe(await (await fetch(`${server.url}/log/checkpoint`)).text());
    expect(body.result.data.json.size).toBe(3);
  });
});

describe('errors', () => {
  test.each([
    ['/log/entries/x', 400, 'BAD_REQUEST'],
    ['/log/entries/99', 404, 'NOT_FOUND'],
    ['/log/proof/inclusion', 400, 'BAD_REQUEST'],
    ['/log/proof/inclusion?index=5&size=2', 400, 'BAD_REQUEST'],
    ['/log/proof/inclusion?index=0&size=99', 404, 'NOT_FOUND'],
    ['/log/proof/inclusion/alice/greeter/9.9.9', 404, 'NOT_FOUND'],
    ['/log/proof/consistency?from=3&to=2', 400, 'BAD_REQUEST'],
    ['/log/proof/consistency?from=1&to=99', 404, 'NOT_FOUND'],
    ['/log/proof/consistency?from=a&to=2', 400, 'BAD_REQUEST'],
  ])('%s → %i %s', async (path, status, code) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  test('a bad query names the parameter', async () => {
    const details = async (path: string) =>
      ((await (await fetch(`${server.url}${path}`)).json()) as { error: { details: unknown[] } }).error
        .details;
    expect(await details('/log/proof/inclusion')).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_type",
          "message": "an index is a number",
          "path": "index",
        },
      ]
    `);
    expect(await details('/log/proof/inclusion?index=1&size=0')).toMatchInlineSnapshot(`
      [
        {
          "code": "too_small",
          "message": "a tree size is 1 or more",
          "path": "size",
        },
      ]
    `);
    expect(await details('/log/proof/consistency?from=0&to=2')).toMatchInlineSnapshot(`
      [
        {
          "code": "too_small",
          "message": "a tree size is 1 or more",
          "path": "from",
        },
      ]
    `);
    expect(await details('/log/entries/-1')).toMatchInlineSnapshot(`
      [
        {
          "code": "too_small",
          "message": "an index is 0 or more",
          "path": "index",
        },
      ]
    `);
  });
});

// A registry double that signs and logs what it publishes with the shared trust primitives
// (real Ed25519 keys, records signed over versionStatement, a log in memory built from stored
// hashes as the server builds it, checkpoints signed as C2SP notes) and answers the trust
// procedures of docs/trust.md ("Endpoints"): in process (a TrustClient) or over tRPC on a real
// local HTTP server, with packages.version, for the CLI run as a child process.
import type { AddressInfo } from 'node:net';
import { createHTTPServer } from '@trpc/server/adapters/standalone';
import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
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
import type { TrustClient, VersionRef } from '../../src/trust/trust-client.js';

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function listedKey(key: SigningKey, origin: string, endorsedBy: SigningKey | null): RegistryKey {
  return {
    keyid: key.keyid,
    keytype: 'ed25519',
    scheme: 'ed25519',
    key: b64(key.publicKey),
    noteName: origin,
    noteKeyId: noteKeyId(origin, key.publicKey),
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

export type FakeRegistry = ReturnType<typeof fakeTrustRegistry>;

/** A registry that signs and logs what it publishes, and answers the trust procedures. */
export function fakeTrustRegistry(origin = '127.0.0.1/log') {
  const stored: Uint8Array[] = [];
  const entries: string[] = [];
  const read: HashReader = (indexes) => Promise.resolve(indexes.map((i) => stored[i] as Uint8Array));
  const records = new Map<string, SignedRecord>();
  const registry = {
    origin,
    key: generateSigningKey().key,
    keys: [] as RegistryKey[],
    records,
    async append(entry: string) {
      stored.push(...(await storedHashesForLeaf(entries.length, leafHash(entry), read)));
      entries.push(entry);
      return entries.length - 1;
    },
    /** Signs and logs a version; `facts` overrides fields of the record before signing. */
    async publish(id: string, version: string, facts: Partial<SignedRecord> = {}): Promise<SignedRecord> {
      const at = '2026-11-27T03:30:00.000Z';
      const base: SignedRecord = {
        name: id,
        version,
        integrity: `sha256-${'ab'.repeat(32)}`,
        size: 10,
        publishedBy: 'ada',
        publishedAt: at,
        provenance: { schemaVersion: 1, recorded: true, package: id, version } as SignedRecord['provenance'],
        signatures: [],
        log: null,
        ...facts,
      };
      const signature = {
        keyid: registry.key.keyid,
        sig: b64(signBytes(registry.key, versionStatement(versionFactsOf(base)))),
      };
      const signed = { ...base, signatures: [signature] };
      const index = await registry.append(publishEntry(versionFactsOf(signed), signature));
      const record = { ...signed, log: { index } };
      records.set(`${id}@${version}`, record);
      return record;
    },
    async note(size: number) {
      const checkpoint = { origin, size, rootHash: await treeHash(size, read) };
      return { note: signNote(formatCheckpoint(checkpoint), origin, registry.key), checkpoint };
    },
  };
  registry.keys = [listedKey(registry.key, origin, null)];
  const idOf = (ref: VersionRef) => `@${ref.namespace}/${ref.name}@${ref.version}`;
  const client: TrustClient = {
    keys: () => Promise.resolve({ origin, keys: registry.keys }),
    async checkpoint() {
      const { note, checkpoint } = await registry.note(entries.length);
      return { note, origin, size: checkpoint.size, rootHash: b64(checkpoint.rootHash) };
    },
    async inclusion(ref, size) {
      const index = records.get(idOf(ref))?.log?.index ?? 0;
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

/** Serves the double (the one `holder.current` names at each call) over tRPC at <url>/trpc. */
export async function serveTrustRegistry(holder: {
  current: FakeRegistry;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const client: TrustClient = {
    keys: () => holder.current.client.keys(),
    checkpoint: () => holder.current.client.checkpoint(),
    inclusion: (r, size) => holder.current.client.inclusion(r, size),
    consistency: (from, to) => holder.current.client.consistency(from, to),
  };
  const t = initTRPC.create({ transformer: superjson });
  const ref = (input: unknown) => input as VersionRef & { size?: number; from: number; to: number };
  const router = t.router({
    trust: t.router({ keys: t.procedure.query(() => client.keys()) }),
    log: t.router({
      checkpoint: t.procedure.query(() => client.checkpoint()),
      inclusion: t.procedure
        .input(ref)
        .query(async ({ input }) => client.inclusion(input, input.size ?? (await client.checkpoint()).size)),
      consistency: t.procedure.input(ref).query(({ input }) => client.consistency(input.from, input.to)),
    }),
    packages: t.router({
      version: t.procedure.input(ref).query(({ input }) => {
        const record = holder.current.registry.records.get(
          `@${input.namespace}/${input.name}@${input.version}`,
        );
        if (!record) throw new Error('no such version');
        return record;
      }),
    }),
  });
  const server = createHTTPServer({ router, basePath: '/trpc/' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// The client's checks of a version (docs/trust.md, "What the CLI checks") over real signed data:
// keys made with generateSigningKey, records signed over versionStatement, a log built in memory
// from stored hashes as the server builds it, checkpoints signed as C2SP notes.
import { describe, expect, it } from 'vitest';
import {
  checkConsistency,
  checkKeyPins,
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
  TrustError,
  verifyVersion,
  verifyVersionSignature,
  versionFactsOf,
  versionStatement,
  type Checkpoint,
  type HashReader,
  type PinnedKey,
  type SignedRecord,
  type SigningKey,
  type VersionEvidence,
} from '../../src/trust/index.js';
import type { RegistryKey, RegistryKeys } from '../../src/schemas/api/trust.js';

const ORIGIN = 'registry.test/log';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function pin(key: SigningKey): PinnedKey {
  return { keyid: key.keyid, key: b64(key.publicKey) };
}

function listed(
  key: SigningKey,
  endorsedBy: SigningKey | null,
  status: 'current' | 'retired' = 'current',
): RegistryKey {
  return {
    keyid: key.keyid,
    keytype: 'ed25519',
    scheme: 'ed25519',
    key: b64(key.publicKey),
    noteName: ORIGIN,
    noteKeyId: noteKeyId(ORIGIN, key.publicKey),
    status,
    validFrom: '2026-11-27T03:00:00.000Z',
    expires: status === 'retired' ? '2026-11-27T04:00:00.000Z' : null,
    endorsedBy: endorsedBy
      ? {
          keyid: endorsedBy.keyid,
          sig: b64(signBytes(endorsedBy, keyEndorsementText(key.keyid, b64(key.publicKey)))),
        }
      : null,
  };
}

function unsignedRecord(version: string): SignedRecord {
  const publishedAt = '2026-11-27T03:30:00.123Z';
  const integrity = `sha256-${'ab'.repeat(32)}`;
  return {
    name: '@acme/clock',
    version,
    integrity,
    size: 1234,
    publishedBy: 'ada',
    publishedAt,
    provenance: {
      schemaVersion: 1,
      recorded: true,
      registryApiVersion: 1,
      package: '@acme/clock',
      version,
      namespace: 'acme',
      publisher: { user: 'ada', via: 'token' },
      publishedAt,
      artifact: { integrity, size: 1234, format: 'tar.gz', filename: `clock-${version}.tgz` },
      manifestSha256: 'cd'.repeat(32),
    },
    signatures: [],
    log: null,
  };
}

function sign(record: SignedRecord, key: SigningKey): SignedRecord {
  const sig = b64(signBytes(key, versionStatement(versionFactsOf(record))));
  return { ...record, signatures: [{ keyid: key.keyid, sig }] };
}

/** An in-memory log: append entries, sign checkpoints, prove. */
function memoryLog() {
  const stored: Uint8Array[] = [];
  const entries: string[] = [];
  let size = 0;
  const read: HashReader = (indexes) => Promise.resolve(indexes.map((i) => stored[i] as Uint8Array));
  return {
    async append(entry: string): Promise<number> {
      entries.push(entry);
      stored.push(...(await storedHashesForLeaf(size, leafHash(entry), read)));
      return size++;
    },
    async checkpoint(key: SigningKey, at = size): Promise<{ note: string; checkpoint: Checkpoint }> {
      const checkpoint = { origin: ORIGIN, size: at, rootHash: await treeHash(at, read) };
      return { note: signNote(formatCheckpoint(checkpoint), ORIGIN, key), checkpoint };
    },
    async inclusion(index: number, key: SigningKey, at = size) {
      return {
        index,
        treeSize: at,
        leafHash: b64(leafHash(entries[index] ?? '')),
        proof: (await proveInclusion(at, index, read)).map(b64),
        checkpoint: (await this.checkpoint(key, at)).note,
      };
    },
    async consistency(from: number, to: number) {
      return { from, to, proof: (await proveConsistency(from, to, read)).map(b64) };
    },
  };
}

/** A registry with one key that signed and logged @acme/clock@1.0.0 among other entries. */
async function registry() {
  const { key } = generateSigningKey();
  const log = memoryLog();
  const add = (entry: string) => log.append(entry);
  for (let i = 0; i < 5; i++) await add(`pkg-log/v1 yank\npackage @acme/other\nversion 0.${i}.0\n`);
  const signed = sign(unsignedRecord('1.0.0'), key);
  const sig = signed.signatures[0] ?? { keyid: '', sig: '' };
  const index = await add(publishEntry(versionFactsOf(signed), sig));
  const record = { ...signed, log: { index } };
  for (let i = 0; i < 3; i++) await add(`pkg-log/v1 unyank\npackage @acme/other\nversion 0.${i}.0\n`);
  const keys: RegistryKeys = { origin: ORIGIN, keys: [listed(key, null)] };
  return { key, log, add, record, keys };
}

async function evidence(r: Awaited<ReturnType<typeof registry>>): Promise<VersionEvidence> {
  const { note } = await r.log.checkpoint(r.key);
  return {
    origin: ORIGIN,
    pinned: [pin(r.key)],
    keys: r.keys,
    record: r.record,
    checkpoint: note,
    inclusion: await r.log.inclusion(r.record.log.index, r.key),
  };
}

function failure(run: () => unknown): { failure: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof TrustError) return { failure: error.failure, message: error.message };
    throw error;
  }
  throw new Error('expected a TrustError');
}

describe('verifyVersion', () => {
  it('passes a signed, logged version and says what it checked', async () => {
    const r = await registry();
    const verdict = verifyVersion(await evidence(r));
    expect(verdict).toMatchObject({
      package: '@acme/clock',
      version: '1.0.0',
      signedBy: r.key.keyid,
      logIndex: 5,
      consistency: 'first',
    });
    expect(verdict.checkpoint.size).toBe(9);
  });

  it.each([
    ['integrity', { integrity: `sha256-${'ef'.repeat(32)}` }],
    ['publisher', { publishedBy: 'mallory' }],
    ['size', { size: 1 }],
  ])('a record with a changed %s fails naming the signature', async (_what, change) => {
    const r = await registry();
    const e = await evidence(r);
    const { failure: kind, message } = failure(() =>
      verifyVersion({ ...e, record: { ...r.record, ...change } }),
    );
    expect(kind).toBe('signature');
    expect(message).toBe(
      `the signature of @acme/clock@1.0.0 by ${r.key.keyid} does not verify: the record is not the one the registry signed`,
    );
  });

  it('a version signed by a key that is not pinned is refused', async () => {
    const r = await registry();
    const other = generateSigningKey().key;
    const e = await evidence(r);
    const { failure: kind, message } = failure(() => verifyVersion({ ...e, pinned: [pin(other)] }));
    expect(kind).toBe('key');
    expect(message).toBe(
      `@acme/clock@1.0.0 is signed by ${r.key.keyid}, which is not pinned and no pinned key endorses`,
    );
  });

  it('an unsigned record is refused', async () => {
    const r = await registry();
    const e = await evidence(r);
    expect(failure(() => verifyVersion({ ...e, record: { ...r.record, signatures: [] } }))).toEqual({
      failure: 'signature',
      message: '@acme/clock@1.0.0 is not signed',
    });
  });

  it('a checkpoint signed by another key, or of another origin, is refused', async () => {
    const r = await registry();
    const e = await evidence(r);
    const stranger = generateSigningKey().key;
    const forged = (await r.log.checkpoint(stranger)).note;
    expect(failure(() => verifyVersion({ ...e, checkpoint: forged }))).toEqual({
      failure: 'checkpoint',
      message: `the checkpoint is not signed by a pinned key of ${ORIGIN}`,
    });
    expect(failure(() => verifyVersion({ ...e, origin: 'elsewhere/log' })).failure).toBe('checkpoint');
  });

  it('a publish entry that is not in the tree fails the inclusion', async () => {
    const r = await registry();
    const e = await evidence(r);
    const wrongLeaf = { ...e.inclusion, index: 4, leafHash: e.inclusion.leafHash };
    const { failure: kind, message } = failure(() =>
      verifyVersion({ ...e, record: { ...r.record, log: null }, inclusion: wrongLeaf }),
    );
    expect(kind).toBe('inclusion');
    expect(message).toContain('the inclusion proof of entry 4 does not lead to the checkpoint');
    const otherEntry = await r.log.inclusion(4, r.key);
    expect(
      failure(() => verifyVersion({ ...e, record: { ...r.record, log: null }, inclusion: otherEntry })),
    ).toEqual({
      failure: 'inclusion',
      message:
        'the publish entry of @acme/clock@1.0.0 is not in the log: entry 4 is not the entry rebuilt from the record and its signature',
    });
  });

  it('a retired key still verifies what it signed, after a rotation the client accepted', async () => {
    const r = await registry();
    const next = generateSigningKey().key;
    r.keys = { origin: ORIGIN, keys: [listed(r.key, null, 'retired'), listed(next, r.key)] };
    await r.add(`pkg-log/v1 key\nkeyid ${next.keyid}\nkey ${b64(next.publicKey)}\nretires ${r.key.keyid}\n`);
    const { note } = await r.log.checkpoint(next);
    const verdict = verifyVersion({
      origin: ORIGIN,
      pinned: [pin(r.key), pin(next)],
      keys: r.keys,
      record: r.record,
      checkpoint: note,
      inclusion: await r.log.inclusion(r.record.log.index, next),
    });
    expect(verdict.signedBy).toBe(r.key.keyid);
    expect(verdict.checkpoint.size).toBe(10);
  });

  it('a version signed by an endorsed new key not yet pinned says to accept the rotation', async () => {
    const r = await registry();
    const next = generateSigningKey().key;
    const keys = { origin: ORIGIN, keys: [listed(r.key, null, 'retired'), listed(next, r.key)] };
    expect(() => verifyVersionSignature(sign(unsignedRecord('2.0.0'), next), [pin(r.key)], keys)).toThrow(
      `@acme/clock@2.0.0 is signed by ${next.keyid}, a new key endorsed by the pinned key ${r.key.keyid} (a rotation: pin it with pkg trust accept)`,
    );
  });
});

describe('the log forked', () => {
  it('a checkpoint of the same size with another root', async () => {
    const r = await registry();
    const seen = (await r.log.checkpoint(r.key)).checkpoint;
    const e = await evidence(r);
    const other = { ...seen, rootHash: leafHash('another history') };
    expect(failure(() => verifyVersion({ ...e, previous: other }))).toEqual({
      failure: 'fork',
      message: "the registry's log forked: the tree of size 9 has another root than the one seen before",
    });
    expect(verifyVersion({ ...e, previous: seen }).consistency).toBe('same');
  });

  it('a newer checkpoint with a valid consistency proof extends; with a bad one, the log forked', async () => {
    const r = await registry();
    const seen = (await r.log.checkpoint(r.key, 6)).checkpoint;
    const e = await evidence(r);
    const good = await r.log.consistency(6, 9);
    expect(verifyVersion({ ...e, previous: seen, consistency: good }).consistency).toBe('extends');
    const bad = { ...good, proof: [...good.proof.slice(1), b64(leafHash('x'))] };
    expect(failure(() => verifyVersion({ ...e, previous: seen, consistency: bad }))).toEqual({
      failure: 'fork',
      message:
        "the registry's log forked: no valid consistency proof that the tree of size 9 extends the tree of size 6",
    });
    expect(failure(() => verifyVersion({ ...e, previous: seen })).failure).toBe('fork');
  });

  it('a tree seen before that is not a prefix of the new one', async () => {
    const r = await registry();
    const forkedLog = memoryLog();
    for (let i = 0; i < 6; i++)
      await forkedLog.append(`pkg-log/v1 yank\npackage @acme/evil\nversion 0.${i}.0\n`);
    const seen = (await forkedLog.checkpoint(r.key)).checkpoint;
    const e = await evidence(r);
    const proof = await r.log.consistency(6, 9);
    expect(failure(() => verifyVersion({ ...e, previous: seen, consistency: proof })).failure).toBe('fork');
  });

  it('an older checkpoint than the one seen must be a prefix of it', async () => {
    const r = await registry();
    const latest = (await r.log.checkpoint(r.key)).checkpoint;
    const earlier = (await r.log.checkpoint(r.key, 7)).checkpoint;
    expect(checkConsistency(latest, earlier, await r.log.consistency(7, 9))).toBe('older');
    expect(() => checkConsistency(latest, earlier)).toThrow("the registry's log forked");
  });
});

describe('checkKeyPins', () => {
  it('all keys pinned', async () => {
    const r = await registry();
    expect(checkKeyPins([pin(r.key)], r.keys)).toEqual({ status: 'pinned' });
  });

  it('a rotation endorsed by the pinned key, also through a chain of rotations', () => {
    const [a, b, c] = [0, 1, 2].map(() => generateSigningKey().key) as [SigningKey, SigningKey, SigningKey];
    const answer = {
      origin: ORIGIN,
      keys: [listed(a, null, 'retired'), listed(b, a, 'retired'), listed(c, b)],
    };
    expect(checkKeyPins([pin(a)], answer)).toEqual({
      status: 'endorsed',
      keys: [
        { key: answer.keys[1], endorsedBy: a.keyid },
        { key: answer.keys[2], endorsedBy: b.keyid },
      ],
    });
  });

  it('a new key that no pinned key endorses, or whose endorsement is forged', () => {
    const [a, b, mallory] = [0, 1, 2].map(() => generateSigningKey().key) as [
      SigningKey,
      SigningKey,
      SigningKey,
    ];
    const unendorsed = { origin: ORIGIN, keys: [listed(b, null)] };
    expect(checkKeyPins([pin(a)], unendorsed)).toEqual({ status: 'unknown', keys: unendorsed.keys });
    const forged = listed(b, mallory);
    forged.endorsedBy = { keyid: a.keyid, sig: forged.endorsedBy?.sig ?? '' };
    expect(checkKeyPins([pin(a)], { origin: ORIGIN, keys: [forged] }).status).toBe('unknown');
  });

  it('a listed key whose id is not the hash of its bytes is refused', () => {
    const [a, b] = [0, 1].map(() => generateSigningKey().key) as [SigningKey, SigningKey];
    const lying = { ...listed(b, null), keyid: a.keyid };
    expect(() => checkKeyPins([pin(a)], { origin: ORIGIN, keys: [lying] })).toThrow(
      `the registry lists key ${a.keyid} with bytes of another key id`,
    );
  });
});

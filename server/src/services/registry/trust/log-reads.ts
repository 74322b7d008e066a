// What the log's endpoints answer (docs/trust.md, "Endpoints"): the registry's keys, the latest
// checkpoint, an entry, and inclusion and consistency proofs, each against a signed checkpoint.
// `size` defaults to the latest checkpoint; a checkpoint of a size that has none (its entry was
// logged before checkpoints were kept with entries) is signed now with the current key.
import {
  proveConsistency,
  proveInclusion,
  RegistryError,
  type CheckpointAnswer,
  type ConsistencyProof,
  type InclusionProof,
  type LogEntry,
  type RegistryKeys,
  type VersionRef,
} from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';
import { hashReader } from './log-hashes.js';
import { storeCheckpoint, treeSize } from './log-store.js';
import { configuredOrigin, currentSigner, readLogMeta } from './signing-keys.js';
import { publishKey } from './version-signing.js';

export async function listKeys(deps: RegistryDeps): Promise<RegistryKeys> {
  const meta = await readLogMeta(deps);
  const docs = await deps.models.SigningKey.find({}).sort({ validFrom: 1, _id: 1 }).lean();
  return {
    origin: meta?.origin ?? configuredOrigin(deps.config),
    keys: docs.map((k) => ({
      keyid: k.keyid,
      keytype: 'ed25519' as const,
      scheme: 'ed25519' as const,
      key: k.key,
      noteName: k.noteName,
      noteKeyId: k.noteKeyId,
      status: k.status,
      validFrom: k.validFrom.toISOString(),
      expires: k.expires ? k.expires.toISOString() : null,
      endorsedBy: k.endorsedBy?.keyid ? { keyid: k.endorsedBy.keyid, sig: k.endorsedBy.sig ?? '' } : null,
    })),
  };
}

interface StoredCheckpoint {
  size: number;
  rootHash: string;
  note: string;
}

/** The checkpoint the entry ending the tree of `size` keeps, if it keeps one. */
async function keptCheckpoint(deps: RegistryDeps, size: number): Promise<StoredCheckpoint | null> {
  const entry = await deps.models.LogEntry.findOne(
    { index: size - 1, checkpoint: { $exists: true } },
    { index: 1, checkpoint: 1 },
  ).lean<{ index: number; checkpoint: { rootHash: string; note: string } }>();
  return entry ? { size, rootHash: entry.checkpoint.rootHash, note: entry.checkpoint.note } : null;
}

/** The signed checkpoint of a tree size (signed now, with the current key, if none is kept). */
async function checkpointOfSize(deps: RegistryDeps, size: number): Promise<StoredCheckpoint> {
  const stored = size > 0 ? await keptCheckpoint(deps, size) : null;
  if (stored) return stored;
  const entries = await treeSize(deps);
  if (size > entries || size === 0)
    throw new RegistryError('NOT_FOUND', `The log has ${entries} entries; there is no tree of size ${size}.`);
  await storeCheckpoint(deps, size, await currentSigner(deps));
  const signed = await keptCheckpoint(deps, size);
  if (!signed) throw new Error(`the checkpoint of size ${size} was not stored`);
  return signed;
}

/** The checkpoint of the tree's size: the entry that ends it keeps it. */
async function latestCheckpoint(deps: RegistryDeps): Promise<StoredCheckpoint> {
  const size = await treeSize(deps);
  if (size === 0) throw new RegistryError('NOT_FOUND', 'The log has no entries yet.');
  return checkpointOfSize(deps, size);
}

export async function getCheckpoint(deps: RegistryDeps): Promise<CheckpointAnswer> {
  const { note, size, rootHash } = await latestCheckpoint(deps);
  return { note, origin: note.slice(0, note.indexOf('\n')), size, rootHash };
}

export async function getLogEntry(deps: RegistryDeps, index: number): Promise<LogEntry> {
  const entry = await deps.models.LogEntry.findOne({ index }).lean();
  if (!entry) throw new RegistryError('NOT_FOUND', `The log has no entry ${index}.`);
  return {
    index: entry.index,
    kind: entry.kind,
    body: entry.body,
    leafHash: entry.leafHash,
    integratedAt: entry.integratedAt.toISOString(),
  };
}

const b64 = (h: Uint8Array) => Buffer.from(h).toString('base64');

/** The inclusion proof of entry `index` in the tree of `size` entries (default: the latest checkpoint). */
export async function proveEntry(deps: RegistryDeps, index: number, size?: number): Promise<InclusionProof> {
  const checkpoint = size === undefined ? await latestCheckpoint(deps) : await checkpointOfSize(deps, size);
  if (index >= checkpoint.size)
    throw new RegistryError(
      'BAD_REQUEST',
      `Entry ${index} is not in the tree of size ${checkpoint.size}; ask for a larger size.`,
    );
  const entry = await deps.models.LogEntry.findOne({ index }, { leafHash: 1 }).lean<{ leafHash: string }>();
  if (!entry) throw new RegistryError('NOT_FOUND', `The log has no entry ${index}.`);
  const proof = await proveInclusion(checkpoint.size, index, hashReader(deps));
  return {
    index,
    treeSize: checkpoint.size,
    leafHash: entry.leafHash,
    proof: proof.map(b64),
    checkpoint: checkpoint.note,
  };
}

/** The inclusion proof of a version's publish entry. */
export async function proveVersion(
  deps: RegistryDeps,
  ref: VersionRef,
  size?: number,
): Promise<InclusionProof> {
  const entry = await deps.models.LogEntry.findOne({ key: publishKey(ref) }, { index: 1 }).lean<{
    index: number;
  }>();
  if (!entry)
    throw new RegistryError(
      'NOT_FOUND',
      `The log has no publish entry of @${ref.namespace}/${ref.name}@${ref.version}.`,
    );
  return proveEntry(deps, entry.index, size);
}

export async function proveTreeConsistency(
  deps: RegistryDeps,
  from: number,
  to: number,
): Promise<ConsistencyProof> {
  const latest = await latestCheckpoint(deps);
  if (to > latest.size)
    throw new RegistryError(
      'NOT_FOUND',
      `The latest checkpoint is of size ${latest.size}; there is none of size ${to}.`,
    );
  const proof = await proveConsistency(from, to, hashReader(deps));
  return { from, to, proof: proof.map(b64) };
}

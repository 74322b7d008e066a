// The trust checks of the versions `pkg install` installs (docs/trust.md, "What the CLI checks"),
// in their order: the registry's keys against the pinned ones (pinned on first use), the latest
// checkpoint by a pinned key and consistent with the last one seen (kept in state.ts), then for
// each version its signature and the inclusion of its publish entry. The checks themselves are
// shared/src/trust/verify-version.ts; this file fetches what they need and keeps what they saw.
import type { CheckpointAnswer, ConsistencyProof, InclusionProof, RegistryKeys } from '@pkg/shared/contract';
import { packageIdParts } from '@pkg/shared/contract/core';
import {
  checkConsistency,
  checkKeyPins,
  checkListedKey,
  TrustError,
  verifyCheckpoint,
  verifyVersion,
  type Checkpoint,
  type PinnedKey,
  type SignedRecord,
  type VersionVerdict,
} from '@pkg/shared/trust';
import { CliError } from '../exit.js';
import {
  checkpointOf,
  pinnedKeysOf,
  readTrustState,
  withCheckpoint,
  withPinnedKeys,
  writeTrustState,
  type TrustState,
} from './state.js';
import { createTrustClient, type TrustClient } from './trust-client.js';

export interface TrustSession {
  registry: string;
  client: TrustClient;
  origin: string;
  pinned: PinnedKey[];
  keys: RegistryKeys;
  note: string;
  checkpoint: Checkpoint;
  previous: Checkpoint | undefined;
  consistency: ConsistencyProof | undefined;
  /** What the user should know: keys pinned on first use, a rotation to accept. */
  notes: string[];
}

export interface TrustOptions {
  client?: TrustClient;
  env?: NodeJS.ProcessEnv;
  now?: Date;
  /** The keys and the latest checkpoint, asked for already (pkg install asks with the records). */
  asked?: { keys: Promise<RegistryKeys>; checkpoint: Promise<CheckpointAnswer> } | undefined;
}

const TRUST_CODES: Record<TrustError['failure'], [code: string, hint: string]> = {
  key: [
    'SIGNATURE_KEY_NOT_PINNED',
    'pkg trust show lists the pinned keys; pkg trust accept pins a new key that a pinned key endorses.',
  ],
  signature: ['SIGNATURE_INVALID', 'Do not install this version; report it to the registry operator.'],
  checkpoint: [
    'CHECKPOINT_INVALID',
    "The registry's log cannot be trusted; report it to the registry operator.",
  ],
  fork: [
    'LOG_FORKED',
    'The registry shows a history other than the one this machine saw before; report it to the registry operator.',
  ],
  inclusion: ['LOG_INCLUSION_FAILED', 'Do not install this version; report it to the registry operator.'],
};

/** A failed trust check as the CLI shows it: its own code, the message naming what failed. */
export function trustCliError(error: TrustError, registry: string): CliError {
  const [code, hint] = TRUST_CODES[error.failure];
  return new CliError(code, `${error.message} (registry ${registry}).`, { hint, cause: error });
}

function pinOnFirstUse(
  registry: string,
  keys: RegistryKeys,
  now: Date,
): { state: TrustState; notes: string[] } {
  for (const key of keys.keys) checkListedKey(key, keys.origin);
  const state = withPinnedKeys(
    { stateVersion: 1, registry, origin: keys.origin, keys: [], checkpoint: null },
    keys.keys.map(({ keyid, key }) => ({ keyid, key })),
    'first use',
    now,
  );
  const ids = keys.keys.map((k) => k.keyid).join(', ');
  return { state, notes: [`pinned the keys of ${registry} on first use: ${ids}`] };
}

function pinNotes(state: TrustState, keys: RegistryKeys): string[] {
  if (keys.origin !== state.origin)
    throw new TrustError(
      'checkpoint',
      `the registry's log is now ${keys.origin}, not ${state.origin} as pinned`,
    );
  const verdict = checkKeyPins(pinnedKeysOf(state), keys);
  if (verdict.status === 'endorsed')
    return verdict.keys.map(
      (k) =>
        `the registry rotated to key ${k.key.keyid}, endorsed by the pinned key ${k.endorsedBy}: pin it with pkg trust accept`,
    );
  if (verdict.status === 'unknown')
    return [
      `the registry lists keys that no pinned key endorses: ${verdict.keys.map((k) => k.keyid).join(', ')}`,
    ];
  return [];
}

/** A failed check says what the keys answer announced too (a rotation to accept). */
function withNotes<T>(check: () => T, notes: readonly string[]): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof TrustError && notes.length > 0)
      throw new TrustError(error.failure, `${error.message}; ${notes.join('; ')}`);
    throw error;
  }
}

/** Fetches and checks the keys and the latest checkpoint, and keeps what it saw. */
export async function openTrustSession(registry: string, options: TrustOptions = {}): Promise<TrustSession> {
  const client = options.client ?? createTrustClient(registry);
  const now = options.now ?? new Date();
  // One round trip: the keys and the checkpoint are asked for at once (one tRPC batch).
  const answered = options.asked?.checkpoint ?? client.checkpoint();
  answered.catch(() => undefined); // awaited once the keys are checked
  const keys = await (options.asked?.keys ?? client.keys());
  const known = readTrustState(registry, options.env);
  const { state, notes } = known
    ? { state: known, notes: pinNotes(known, keys) }
    : pinOnFirstUse(registry, keys, now);
  const pinned = pinnedKeysOf(state);
  const answer = await answered;
  const checkpoint = withNotes(() => verifyCheckpoint(answer.note, state.origin, pinned), notes);
  const previous = checkpointOf(state);
  const consistency =
    previous && previous.size !== checkpoint.size
      ? await client.consistency(
          Math.min(previous.size, checkpoint.size),
          Math.max(previous.size, checkpoint.size),
        )
      : undefined;
  checkConsistency(previous, checkpoint, consistency);
  const seen = withCheckpoint(state, answer.note, checkpoint, now);
  if (seen !== known) writeTrustState(seen, options.env); // nothing new: no write (and no fsync)
  return {
    registry,
    client,
    origin: state.origin,
    pinned,
    keys,
    note: answer.note,
    checkpoint,
    previous,
    consistency,
    notes,
  };
}

/** A version to check: the package and version asked for, and the record the registry answered. */
export interface TrustTarget {
  /** `@namespace/name` */
  id: string;
  version: string;
  record: SignedRecord;
}

/**
 * The signature and the inclusion of one version, against the session's checkpoint. The record
 * must be the one asked for: a record of another version, validly signed, proves nothing of this one.
 */
export async function checkVersionTrust(
  session: TrustSession,
  target: TrustTarget,
  prefetched?: Promise<InclusionProof>,
): Promise<VersionVerdict> {
  return (await checkVersionEvidence(session, target, prefetched)).verdict;
}

/** checkVersionTrust, with the inclusion proof the verdict rests on. */
async function checkVersionEvidence(
  session: TrustSession,
  { id, version, record }: TrustTarget,
  prefetched?: Promise<InclusionProof>,
): Promise<{ verdict: VersionVerdict; inclusion: InclusionProof }> {
  if (record.name !== id || record.version !== version)
    throw new TrustError(
      'signature',
      `asked for ${id}@${version}, the registry answered the record of ${record.name}@${record.version}`,
    );
  const { namespace, name } = packageIdParts(id);
  const ref = { namespace, name, version };
  // A proof asked for with the keys and the checkpoint (one round trip) serves when it is against
  // the same tree size; a publish in between means asking again, against the session's size.
  const early = await prefetched?.catch(() => undefined);
  const inclusion =
    early?.treeSize === session.checkpoint.size
      ? early
      : await session.client.inclusion(ref, session.checkpoint.size);
  const verdict = verifyVersion({
    origin: session.origin,
    pinned: session.pinned,
    keys: session.keys,
    record,
    checkpoint: session.note,
    inclusion,
    ...(session.previous ? { previous: session.previous } : {}),
    ...(session.consistency ? { consistency: session.consistency } : {}),
  });
  return { verdict, inclusion };
}

/** What the checks of one registry's versions passed on: the verified-record cache keeps it. */
export interface TrustEvidence {
  /** The signed checkpoint note every version was checked against. */
  checkpoint: string;
  keys: RegistryKeys;
  /** The inclusion proof of each version, in the order of the targets. */
  inclusions: InclusionProof[];
}

/**
 * What `pkg install` runs for the versions it installs, from one registry: every check, stopping
 * at the first failure with the CLI error naming it. The verdicts give each version's log index.
 */
export async function checkInstallTrust(
  registry: string,
  targets: readonly TrustTarget[],
  options: TrustOptions & { proofs?: ReadonlyMap<string, Promise<InclusionProof>> } = {},
): Promise<{ verdicts: VersionVerdict[]; notes: string[]; evidence: TrustEvidence }> {
  const client = options.client ?? createTrustClient(registry);
  // Asked for in the same tick as the keys and the checkpoint (one tRPC batch), unless asked already.
  const proofs = targets.map(
    ({ id, version }) =>
      options.proofs?.get(`${id}@${version}`) ??
      client.inclusion({ ...packageIdParts(id), version }, undefined),
  );
  for (const proof of proofs) proof.catch(() => undefined); // a failed one is asked for again
  try {
    const session = await openTrustSession(registry, { ...options, client });
    const verdicts: VersionVerdict[] = [];
    const inclusions: InclusionProof[] = [];
    for (const [i, target] of targets.entries()) {
      const { verdict, inclusion } = await checkVersionEvidence(session, target, proofs[i]);
      verdicts.push(verdict);
      inclusions.push(inclusion);
    }
    return {
      verdicts,
      notes: session.notes,
      evidence: { checkpoint: session.note, keys: session.keys, inclusions },
    };
  } catch (error) {
    if (error instanceof TrustError) throw trustCliError(error, registry);
    throw error;
  }
}

/**
 * Whether a verified-record cache entry still passes every check against the pinned keys of this
 * machine (its record's signature, its checkpoint's, the inclusion), without a request. False
 * when there are no pinned keys yet, or when any check fails: the entry is then not used.
 */
export function cachedEvidenceHolds(
  registry: string,
  evidence: { record: SignedRecord; keys: RegistryKeys; checkpoint: string; inclusion: InclusionProof },
  env?: NodeJS.ProcessEnv,
): boolean {
  const state = readCacheableState(registry, env);
  if (!state) return false;
  try {
    verifyVersion({ origin: state.origin, pinned: pinnedKeysOf(state), ...evidence });
    return evidence.keys.origin === state.origin;
  } catch (error) {
    if (error instanceof TrustError) return false;
    throw error;
  }
}

/** The trust state, or undefined when there is none or it cannot be read (the full checks then say why). */
function readCacheableState(registry: string, env?: NodeJS.ProcessEnv): TrustState | undefined {
  try {
    return readTrustState(registry, env);
  } catch {
    return undefined;
  }
}

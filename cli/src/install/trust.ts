// The trust step of pkg install (docs/trust.md, "What the CLI checks"): every version to install
// is checked against its registry's pinned keys, signature and log (trust/check-install.ts), one
// session per registry. What it asks the registry for (the keys, the latest checkpoint, each
// version's inclusion proof) is asked for as soon as a version is chosen, at the same time as its
// record (TrustRequests); the checks need the records too, so they run while the archives
// download; install.ts takes their outcome after the archive checks and before consent and
// staging. A failure throws, so nothing is written. The answer is each version's log index, for
// the lock file, and the notes the user should see (keys pinned on first use, a rotation to accept).
// The checks (trust/check-install.ts and the shared verifier behind it) load after the requests
// are on the wire, while the registry answers (docs/performance.md, "Install from the lock file").
// An install from the lock asks first the verified-record cache (trust/verified-cache.ts): a pin
// with an entry asks for the checkpoint only, and its record, keys and inclusion proof are the
// entry's when the checkpoint is the note the entry was checked against and the entry passes
// every check again; otherwise they are asked for then, in one batch (docs/trust.md, "The
// verified-record cache").
import type { CheckpointAnswer, InclusionProof, RegistryKeys, VersionRecord } from '@pkg/shared/contract';
import { packageIdParts } from '@pkg/shared/contract/core';
import type { RegistryClient } from '../lib/registry/trpc-client.js';
import { requestsSent } from '../lib/registry/http.js';
import { createTrustClient, type TrustClient } from '../trust/trust-client.js';
import { readVerifiedText, type VerifiedAnswers, type VerifiedPin } from '../trust/verified-cache.js';
import type { VerifiedEntry } from '../trust/verified-entry.js';
import type { Target } from './resolve.js';

export interface TrustOutcome {
  /** The log index of each version, by `@ns/name@version`. */
  logIndex: Map<string, number>;
  /** What was checked of each version's signature and log entry, as install prints it. */
  checks: Map<string, string>;
  notes: string[];
  /** The answers checked that the verified-record cache does not hold yet: kept once installed. */
  toCache: VerifiedAnswers[];
}

export const versionKey = (id: string, version: string): string => `${id}@${version}`;

interface RegistryRequests {
  client: TrustClient;
  asked: { keys: Promise<RegistryKeys>; checkpoint: Promise<CheckpointAnswer> };
  proofs: Map<string, Promise<InclusionProof>>;
  /** The cache entry of a version, once the checkpoint confirmed it (undefined: asked instead). */
  cached: Map<string, Promise<VerifiedEntry | undefined>>;
}

/**
 * The pin's entry in `text`, when the registry's latest checkpoint is its note and it passes every
 * check again (parsed once the requests are on the wire).
 */
async function confirmEntry(
  pin: VerifiedPin,
  text: string,
  answer: CheckpointAnswer,
): Promise<VerifiedEntry | undefined> {
  await requestsSent();
  const { parseVerifiedEntry } = await import('../trust/verified-entry.js');
  const entry = parseVerifiedEntry(pin, text);
  if (entry?.checkpoint !== answer.note) return undefined; // none, or the log changed: ask again
  const { cachedEvidenceHolds } = await import('../trust/check-install.js');
  return cachedEvidenceHolds(pin.registry, entry) ? entry : undefined;
}

/** The trust requests of each registry, made when a version of it is chosen (`ask`). */
export class TrustRequests {
  private readonly registries = new Map<string, RegistryRequests>();

  /**
   * Asks for the version's inclusion proof and, the first time for its registry, the keys and the
   * checkpoint, through `client` when given (called in the tick its record is asked for: one batch).
   */
  ask(registry: string, id: string, version: string, client?: RegistryClient): void {
    let requests = this.registries.get(registry);
    if (!requests) {
      const trustClient = createTrustClient(registry, client);
      const asked = { keys: trustClient.keys(), checkpoint: trustClient.checkpoint() };
      requests = { client: trustClient, asked, proofs: new Map(), cached: new Map() };
      this.registries.set(registry, requests);
    }
    const key = versionKey(id, version);
    if (requests.proofs.has(key)) return;
    const proof = requests.client.inclusion({ ...packageIdParts(id), version }, undefined);
    requests.proofs.set(key, proof);
    // Each is awaited by the checks, or left when a step before them fails.
    for (const answer of [requests.asked.keys, requests.asked.checkpoint, proof])
      answer.catch(() => undefined);
  }

  /**
   * A lock pin: its record, from the verified-record cache when the checkpoint confirms the entry
   * (then only the checkpoint is asked for), else from `fetchRecord`, asked for with the keys and
   * the inclusion proof (at once when there is no entry, else once the checkpoint answered).
   */
  askPinned(
    pin: VerifiedPin,
    client: RegistryClient,
    fetchRecord: () => Promise<VersionRecord>,
  ): Promise<VersionRecord> {
    const { registry, id, version } = pin;
    const text = readVerifiedText(pin);
    if (text === undefined) {
      const record = fetchRecord();
      this.ask(registry, id, version, client);
      return record;
    }
    let requests = this.registries.get(registry);
    const trustClient = requests?.client ?? createTrustClient(registry, client);
    const checkpoint = requests?.asked.checkpoint ?? trustClient.checkpoint();
    const confirmed = checkpoint.then((answer) => confirmEntry(pin, text, answer));
    if (!requests) {
      // The keys of a confirmed entry are the registry's now: a new key is a new log entry.
      const keys = confirmed.then((hit) => hit?.keys ?? trustClient.keys());
      requests = { client: trustClient, asked: { keys, checkpoint }, proofs: new Map(), cached: new Map() };
      this.registries.set(registry, requests);
    }
    const key = versionKey(id, version);
    const ref = { ...packageIdParts(id), version };
    const proof = confirmed.then((hit) => hit?.inclusion ?? trustClient.inclusion(ref, undefined));
    requests.proofs.set(key, proof);
    requests.cached.set(key, confirmed);
    const record = confirmed.then((hit) => hit?.record ?? fetchRecord());
    for (const answer of [requests.asked.keys, checkpoint, proof, record]) answer.catch(() => undefined);
    return record;
  }

  of(registry: string): RegistryRequests | undefined {
    return this.registries.get(registry);
  }
}

export async function checkTrust(all: readonly Target[], requests?: TrustRequests): Promise<TrustOutcome> {
  const byRegistry = new Map<string, Target[]>();
  for (const t of all) byRegistry.set(t.registry, [...(byRegistry.get(t.registry) ?? []), t]);
  const logIndex = new Map<string, number>();
  const checks = new Map<string, string>();
  const notes: string[] = [];
  const toCache: VerifiedAnswers[] = [];
  await requestsSent();
  const { checkInstallTrust } = await import('../trust/check-install.js');
  for (const [registry, group] of byRegistry) {
    const targets = await Promise.all(
      group.map(async (target) => ({
        id: target.id,
        version: target.version,
        record: await target.record,
      })),
    );
    const asked = requests?.of(registry);
    const outcome = await checkInstallTrust(registry, targets, asked ?? {});
    for (const [i, { record }] of targets.entries()) {
      const inclusion = outcome.evidence.inclusions[i];
      const hit = await asked?.cached.get(versionKey(record.name, record.version))?.catch(() => undefined);
      if (inclusion && hit?.checkpoint !== outcome.evidence.checkpoint)
        toCache.push({
          registry,
          record,
          keys: outcome.evidence.keys,
          checkpoint: outcome.evidence.checkpoint,
          inclusion,
        });
    }
    for (const verdict of outcome.verdicts) {
      const key = versionKey(verdict.package, verdict.version);
      logIndex.set(key, verdict.logIndex);
      checks.set(
        key,
        `signed by ${verdict.signedBy}; log entry ${verdict.logIndex}, included in the checkpoint of size ${verdict.checkpoint.size}`,
      );
    }
    notes.push(...outcome.notes);
  }
  return { logIndex, checks, notes, toCache };
}

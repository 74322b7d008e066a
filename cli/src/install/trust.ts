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
import type { CheckpointAnswer, InclusionProof, RegistryKeys } from '@pkg/shared/contract';
import { packageIdParts } from '@pkg/shared/contract';
import type { RegistryClient } from '../lib/registry/trpc-client.js';
import { requestsSent } from '../lib/registry/http.js';
import { createTrustClient, type TrustClient } from '../trust/trust-client.js';
import type { Target } from './resolve.js';

export interface TrustOutcome {
  /** The log index of each version, by `@ns/name@version`. */
  logIndex: Map<string, number>;
  /** What was checked of each version's signature and log entry, as install prints it. */
  checks: Map<string, string>;
  notes: string[];
}

export const versionKey = (id: string, version: string): string => `${id}@${version}`;

interface RegistryRequests {
  client: TrustClient;
  asked: { keys: Promise<RegistryKeys>; checkpoint: Promise<CheckpointAnswer> };
  proofs: Map<string, Promise<InclusionProof>>;
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
      requests = { client: trustClient, asked, proofs: new Map() };
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
    const outcome = await checkInstallTrust(registry, targets, requests?.of(registry) ?? {});
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
  return { logIndex, checks, notes };
}

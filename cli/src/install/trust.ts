// The trust step of pkg install (docs/trust.md, "What the CLI checks"): every version to install
// is checked against its registry's pinned keys, signature and log (trust/check-install.ts), one
// session per registry. It needs only the version records, so it runs while the archives
// download; install.ts takes its outcome after the archive checks and before consent and
// staging. A failure throws, so nothing is written. The answer is each version's log index, for the lock file, and
// the notes the user should see (keys pinned on first use, a rotation to accept).
import { checkInstallTrust } from '../trust/check-install.js';
import type { Target } from './resolve.js';

export interface TrustOutcome {
  /** The log index of each version, by `@ns/name@version`. */
  logIndex: Map<string, number>;
  /** What was checked of each version's signature and log entry, as install prints it. */
  checks: Map<string, string>;
  notes: string[];
}

export const versionKey = (id: string, version: string): string => `${id}@${version}`;

export async function checkTrust(all: readonly Target[]): Promise<TrustOutcome> {
  const byRegistry = new Map<string, Target[]>();
  for (const t of all) byRegistry.set(t.registry, [...(byRegistry.get(t.registry) ?? []), t]);
  const logIndex = new Map<string, number>();
  const checks = new Map<string, string>();
  const notes: string[] = [];
  for (const [registry, group] of byRegistry) {
    const targets = await Promise.all(
      group.map(async (target) => ({
        id: target.id,
        version: target.version,
        record: await target.record,
      })),
    );
    const outcome = await checkInstallTrust(registry, targets);
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

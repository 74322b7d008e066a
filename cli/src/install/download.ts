// The second step of pkg install: every download started at once, then each verified (verify.ts)
// against its version record, or against its lock pin. The verifier and its package validator
// (checks.ts) load while the first bytes are on the wire, once the requests have left.
import { requestsSent } from '../lib/registry/http.js';
import { downloadArtifact } from '../lib/registry/rest-client.js';
import type { Verified } from './verify.js';
import type { Target } from './resolve.js';

export interface VerifiedTarget {
  target: Target;
  result: Verified;
}

export async function downloadAndVerify(
  targets: readonly Target[],
  progress: boolean,
): Promise<VerifiedTarget[]> {
  const started = targets.map((target) => {
    const download = (async () => {
      const size = target.pin?.size ?? (await target.record).size;
      return downloadArtifact(target.download, `${target.id}@${target.version}`, size, progress);
    })();
    download.catch(() => undefined); // awaited below, once the checks have loaded
    return { target, download };
  });
  await requestsSent();
  const { expectedFromRecord, verifyArtifact } = await import('./checks.js');
  return Promise.all(
    started.map(async ({ target, download }) => {
      const bytes = await download;
      const expected = expectedFromRecord(await target.record);
      if (target.pin) Object.assign(expected, { integrity: target.pin.integrity, size: target.pin.size });
      return { target, result: await verifyArtifact(bytes, expected) };
    }),
  );
}

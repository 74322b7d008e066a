// A version's signature and its publish entry (docs/trust.md, "What is signed" and "Log
// entries"): the statement of the version's facts, signed with the current key, and the entry
// that logs the statement with its signature, once per version (key `publish @ns/name@version`).
import {
  formatPackageId,
  publishEntry,
  signBytes,
  versionStatement,
  type Signature,
  type VersionFacts,
} from '@pkg/shared';
import type { VersionDoc } from '../../../db/models/version.js';
import type { RegistryDeps } from '../registry-deps.js';
import { appendEntry } from './log-store.js';
import type { Signer } from './signing-keys.js';

export type SignedFields = Pick<
  VersionDoc,
  'namespace' | 'name' | 'version' | 'integrity' | 'size' | 'publishedBy' | 'publishedAt' | 'provenance'
>;

export function versionFacts(v: SignedFields): VersionFacts {
  return {
    package: formatPackageId(v.namespace, v.name),
    version: v.version,
    integrity: v.integrity,
    size: v.size,
    publisher: v.publishedBy,
    publishedAt: v.publishedAt,
    provenance: v.provenance,
  };
}

export function signVersion(signer: Signer, v: SignedFields): Signature {
  const sig = signBytes(signer.key, versionStatement(versionFacts(v)));
  return { keyid: signer.key.keyid, sig: Buffer.from(sig).toString('base64') };
}

export function publishKey(v: Pick<VersionDoc, 'namespace' | 'name' | 'version'>): string {
  return `publish ${formatPackageId(v.namespace, v.name)}@${v.version}`;
}

/**
 * Appends the version's publish entry (or finds it, when logged already) and returns its index
 * once a checkpoint covers it, signed by `signer` (by default the current key); `journaledLater`:
 * the caller's next write is journaled (db/journaled-later.ts).
 */
export function logPublish(
  deps: RegistryDeps,
  v: SignedFields,
  signature: Signature,
  signer?: Signer,
  journaledLater?: boolean,
): Promise<number> {
  const body = publishEntry(versionFacts(v), signature);
  return appendEntry(deps, { kind: 'publish', body, key: publishKey(v), journaledLater }, signer);
}

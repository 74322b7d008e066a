// Versions published before signing existed (docs/trust.md, "What is signed"): on the server's
// start, and by `pkg-admin trust backfill`, each version without a signature is signed with the
// current key, and each version without a log index gets its publish entry, in the order of
// publication. Safe to run twice at once (two server processes): a signature is set only where
// none is, and a version's publish entry is keyed, so the second append finds the first's.
import type { Types } from 'mongoose';
import type { VersionDoc } from '../../../db/models/version.js';
import type { RegistryDeps } from '../registry-deps.js';
import { currentSigner, type Signer } from './signing-keys.js';
import { logPublish, signVersion, type SignedFields } from './version-signing.js';

export interface BackfillResult {
  signed: number;
  logged: number;
}

type Pending = SignedFields & Pick<VersionDoc, 'signatures' | 'logIndex'> & { _id: Types.ObjectId };

const FIELDS = {
  namespace: 1,
  name: 1,
  version: 1,
  integrity: 1,
  size: 1,
  publishedBy: 1,
  publishedAt: 1,
  provenance: 1,
  signatures: 1,
  logIndex: 1,
};

async function pendingVersions(deps: RegistryDeps): Promise<Pending[]> {
  const docs = await deps.models.Version.find(
    { $or: [{ signatures: { $exists: false } }, { signatures: { $size: 0 } }, { logIndex: null }] },
    FIELDS,
  )
    .sort({ publishedAt: 1, _id: 1 })
    .lean<Pending[]>();
  return docs;
}

/** Signs the version unless someone did meanwhile; returns its signature as stored. */
async function ensureSigned(deps: RegistryDeps, signer: Signer, v: Pending) {
  const stored = v.signatures?.[0];
  if (stored) return { signature: stored, signed: false };
  const signature = signVersion(signer, v);
  const set = await deps.models.Version.updateOne(
    { _id: v._id, $or: [{ signatures: { $exists: false } }, { signatures: { $size: 0 } }] },
    { $set: { signatures: [signature] } },
  );
  if (set.modifiedCount === 1) return { signature, signed: true };
  const again = await deps.models.Version.findOne({ _id: v._id }, { signatures: 1 }).lean<Pending>();
  return { signature: again?.signatures?.[0] ?? signature, signed: false };
}

export async function backfillTrust(deps: RegistryDeps): Promise<BackfillResult> {
  const pending = await pendingVersions(deps);
  const result: BackfillResult = { signed: 0, logged: 0 };
  if (pending.length === 0) return result;
  const signer = await currentSigner(deps);
  for (const v of pending) {
    const { signature, signed } = await ensureSigned(deps, signer, v);
    if (signed) result.signed++;
    if (typeof v.logIndex !== 'number') {
      const index = await logPublish(deps, v, signature, signer);
      const set = await deps.models.Version.updateOne(
        { _id: v._id, logIndex: null },
        { $set: { logIndex: index } },
      );
      if (set.modifiedCount === 1) result.logged++;
    }
    // Cached answers of the package hold the record without its signature or log index.
    await deps.models.Package.updateOne({ namespace: v.namespace, name: v.name }, { $inc: { revision: 1 } });
  }
  return result;
}

// `pkg-admin keys rotate` (docs/trust.md, "Keys"): a new key becomes current, the old one is
// retired (it stopped signing at `expires`; what it signed stays valid) and endorses the new one,
// and the rotation is a log entry, checkpointed with the new key. With PKG_SIGNING_KEY set the new
// key comes from a file the operator then puts in the variable; otherwise it is generated and
// written to the data directory's key file. Running servers read the store's current key before
// they sign, and load the new key file then (signing-keys.ts, currentSigner).
import {
  eventEntry,
  generateSigningKey,
  parseSigningKey,
  RegistryError,
  signBytes,
  type SigningKey,
} from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';
import { appendEntry } from './log-store.js';
import { currentSigner, listKey, publicKeyBase64, writeKeyFile } from './signing-keys.js';

export interface Rotation {
  keyid: string;
  retired: string;
  logIndex: number;
  /** Where the new private key is: the key file, or the operator's file for PKG_SIGNING_KEY. */
  keyFile: string | null;
}

/** The text the old key signs for the new one (docs/trust.md, "Keys"). */
export function endorsementText(keyid: string, key: string): string {
  return `pkg-key-endorsement/v1\nkeyid ${keyid}\nkey ${key}\n`;
}

function newKey(deps: RegistryDeps, newKeyPem: string | undefined): { key: SigningKey; pem?: string } {
  if (newKeyPem !== undefined) {
    try {
      return { key: parseSigningKey(newKeyPem) };
    } catch {
      throw new RegistryError('BAD_REQUEST', 'The new key file is not an Ed25519 private key in PKCS#8 PEM.');
    }
  }
  if (deps.config.PKG_SIGNING_KEY)
    throw new RegistryError(
      'BAD_REQUEST',
      'PKG_SIGNING_KEY is set: pass --new-key-file <pem> with the new key, then set PKG_SIGNING_KEY to it.',
    );
  return generateSigningKey();
}

/** Makes the new key current in the store, unless another rotation got there first. */
async function switchKeys(deps: RegistryDeps, old: SigningKey, next: SigningKey, origin: string, at: Date) {
  const key = publicKeyBase64(next);
  const sig = Buffer.from(signBytes(old, endorsementText(next.keyid, key))).toString('base64');
  await listKey(deps, next, { origin, endorsedBy: { keyid: old.keyid, sig } });
  const switched = await deps.models.LogMeta.updateOne(
    { _id: 'log', currentKeyId: old.keyid },
    { $set: { currentKeyId: next.keyid } },
  );
  if (switched.modifiedCount !== 1) {
    await deps.models.SigningKey.deleteOne({ keyid: next.keyid });
    throw new RegistryError(
      'BAD_REQUEST',
      'Another rotation changed the current key meanwhile; nothing changed.',
    );
  }
  await deps.models.SigningKey.updateOne({ keyid: next.keyid }, { $set: { validFrom: at } });
  await deps.models.SigningKey.updateOne({ keyid: old.keyid }, { $set: { status: 'retired', expires: at } });
}

export async function rotateSigningKey(deps: RegistryDeps, newKeyPem?: string): Promise<Rotation> {
  const { key: old, origin } = await currentSigner(deps);
  const next = newKey(deps, newKeyPem);
  if (next.key.keyid === old.keyid)
    throw new RegistryError('BAD_REQUEST', `The new key is the current key (${old.keyid}).`);
  if (await deps.models.SigningKey.exists({ keyid: next.key.keyid }))
    throw new RegistryError('BAD_REQUEST', `The key ${next.key.keyid} was used before; rotate to a new key.`);
  const at = deps.clock();
  await switchKeys(deps, old, next.key, origin, at);
  if (next.pem) await writeKeyFile(deps, next.pem, false);
  deps.trust.key = next.key;
  const body = eventEntry({
    kind: 'key',
    keyid: next.key.keyid,
    key: publicKeyBase64(next.key),
    retires: old.keyid,
    at,
  });
  const logIndex = await appendEntry(deps, { kind: 'key', body }, { key: next.key, origin });
  return { keyid: next.key.keyid, retired: old.keyid, logIndex, keyFile: next.pem ? 'data directory' : null };
}

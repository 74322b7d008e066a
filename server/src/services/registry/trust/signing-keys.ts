// The registry's signing key (docs/trust.md, "Keys"): PKG_SIGNING_KEY, else
// $PKG_DATA_DIR/signing-key.pem, created (mode 0600) on the first start of a registry that has no
// key. The store lists the public keys (signing_keys) and names the current one (log_meta), which
// every process checks before it signs: a process left with a retired key reloads its key source,
// and refuses to sign (503 NOT_CONFIGURED) while it still holds no current key. The private key is
// never logged, printed or put in an error.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSigningKey, noteKeyId, parseSigningKey, RegistryError, type SigningKey } from '@pkg/shared';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';
import { findOne } from '../../../db/store-commands.js';
import type { RegistryDeps } from '../registry-deps.js';

export const KEY_FILE = 'signing-key.pem';
const META_ID = 'log';

/** A key ready to sign with, and the log's origin (the signed-note key name). */
export interface Signer {
  key: SigningKey;
  origin: string;
}

export function keyFilePath(deps: Pick<RegistryDeps, 'config'>): string {
  return path.join(path.resolve(deps.config.PKG_DATA_DIR), KEY_FILE);
}

/** docs/trust.md, "Checkpoints": PKG_LOG_ORIGIN, else the host of PKG_BASE_URL and /log. */
export function configuredOrigin(config: RegistryDeps['config']): string {
  if (config.PKG_LOG_ORIGIN) return config.PKG_LOG_ORIGIN;
  if (config.PKG_BASE_URL) return `${new URL(config.PKG_BASE_URL).host}/log`;
  return 'localhost/log';
}

function whereTheKeyIs(deps: Pick<RegistryDeps, 'config'>): string {
  return deps.config.PKG_SIGNING_KEY ? 'PKG_SIGNING_KEY' : keyFilePath(deps);
}

/** The key of this process's source: the variable, else the key file (null when there is none). */
export async function readKeySource(deps: Pick<RegistryDeps, 'config'>): Promise<SigningKey | null> {
  if (deps.config.PKG_SIGNING_KEY) return parseSigningKey(deps.config.PKG_SIGNING_KEY);
  let text: string;
  try {
    text = await readFile(keyFilePath(deps), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return parseSigningKey(text);
  } catch {
    throw new Error(`${keyFilePath(deps)} is not an Ed25519 private key in PKCS#8 PEM`);
  }
}

/** Writes a key file readable by its owner only; `exclusive` fails when one exists (EEXIST). */
export async function writeKeyFile(deps: Pick<RegistryDeps, 'config'>, pem: string, exclusive: boolean) {
  const file = keyFilePath(deps);
  await mkdir(path.dirname(file), { recursive: true });
  if (exclusive) return writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, pem, { mode: 0o600, flag: 'w' });
  await rename(temp, file);
}

export function publicKeyBase64(key: SigningKey): string {
  return Buffer.from(key.publicKey).toString('base64');
}

interface LogMeta {
  origin: string;
  currentKeyId: string | null;
}

/** The log's meta document, created with the configured origin on the first start. */
export async function ensureLogMeta(deps: RegistryDeps): Promise<LogMeta> {
  const origin = configuredOrigin(deps.config);
  const filter = { _id: META_ID };
  const insert = { $setOnInsert: { origin, currentKeyId: null, createdAt: deps.clock() } };
  try {
    await deps.models.LogMeta.updateOne(filter, insert, { upsert: true });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const meta = await readLogMeta(deps);
  if (!meta) throw new Error('the log meta document is missing');
  if (meta.origin !== origin && deps.config.PKG_LOG_ORIGIN)
    deps.logger.warn(
      { origin: meta.origin, configured: origin },
      'the log origin is fixed at its first start',
    );
  return meta;
}

export async function readLogMeta(deps: RegistryDeps): Promise<LogMeta | null> {
  return findOne<LogMeta>(
    deps.commands,
    deps.models.LogMeta.collection.collectionName,
    { _id: META_ID },
    { projection: { origin: 1, currentKeyId: 1 } },
  );
}

/** Lists a key (its public half) in signing_keys; a key listed already is left as it is. */
export async function listKey(
  deps: RegistryDeps,
  key: SigningKey,
  fields: { origin: string; endorsedBy: { keyid: string; sig: string } | null },
): Promise<void> {
  try {
    await deps.models.SigningKey.create({
      keyid: key.keyid,
      key: publicKeyBase64(key),
      noteName: fields.origin,
      noteKeyId: noteKeyId(fields.origin, key.publicKey),
      status: 'current',
      validFrom: deps.clock(),
      expires: null,
      endorsedBy: fields.endorsedBy,
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/** Makes `key` the registry's first key, unless another process made its own first. */
async function claimFirstKey(deps: RegistryDeps, key: SigningKey, origin: string): Promise<boolean> {
  await listKey(deps, key, { origin, endorsedBy: null });
  const claimed = await deps.models.LogMeta.updateOne(
    { _id: META_ID, currentKeyId: null },
    { $set: { currentKeyId: key.keyid } },
  );
  if (claimed.modifiedCount === 1) return true;
  const meta = await readLogMeta(deps);
  if (meta?.currentKeyId === key.keyid) return true;
  await deps.models.SigningKey.deleteOne({ keyid: key.keyid, status: 'current' });
  return false;
}

/** A new key file for a registry without a key (another process may write one at the same time). */
async function createKeyFile(deps: RegistryDeps): Promise<{ key: SigningKey; created: boolean }> {
  const { key, pem } = generateSigningKey();
  try {
    await writeKeyFile(deps, pem, true);
    return { key, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = await readKeySource(deps);
    if (!existing) throw error;
    return { key: existing, created: false };
  }
}

/**
 * At start: the log's meta document, and the key this process signs with: its source's, or (for a
 * server, `createSigningKey`) a new key file when the registry has no key at all. A process whose key is not the current one starts
 * anyway (it answers reads) and refuses to sign until it has the current key.
 */
export async function prepareSigningKey(
  deps: RegistryDeps,
  options: { createSigningKey: boolean },
): Promise<void> {
  const meta = await ensureLogMeta(deps);
  let key = await readKeySource(deps);
  let created = false;
  if (!key && !meta.currentKeyId && options.createSigningKey) ({ key, created } = await createKeyFile(deps));
  if (key && !meta.currentKeyId && !(await claimFirstKey(deps, key, meta.origin)) && created)
    await rm(keyFilePath(deps), { force: true });
  deps.trust.key = key;
  const current = (await readLogMeta(deps))?.currentKeyId ?? null;
  const fields = { current, source: whereTheKeyIs(deps) };
  if (key?.keyid === current) deps.logger.info({ keyid: current }, 'signing with the current key');
  // A server says so; pkg-admin commands that never sign stay quiet.
  else if (options.createSigningKey) deps.logger.warn(fields, 'this process has no current signing key');
  else deps.logger.debug(fields, 'this process has no current signing key');
}

function notConfigured(deps: RegistryDeps, current: string | null, held: SigningKey | null): RegistryError {
  const what = held
    ? `The signing key ${held.keyid} of this server (${whereTheKeyIs(deps)}) is not the registry's current key`
    : `This server has no signing key (${whereTheKeyIs(deps)})`;
  const fix = deps.config.PKG_SIGNING_KEY
    ? 'set PKG_SIGNING_KEY to the key given to `pkg-admin keys rotate --new-key-file` and restart'
    : `give this server the data directory's ${KEY_FILE} of the current key`;
  return new RegistryError(
    'NOT_CONFIGURED',
    `${what}${current ? ` (current: ${current})` : ''}; nothing is signed with it: ${fix}.`,
    { retryAfter: 30 },
  );
}

/**
 * The key to sign with now: the store's current key, which this process must hold. After a
 * rotation (another process's `pkg-admin keys rotate`) the key source is read again first.
 */
export async function currentSigner(deps: RegistryDeps): Promise<Signer> {
  const meta = await readLogMeta(deps);
  const current = meta?.currentKeyId ?? null;
  if (deps.trust.key?.keyid !== current) {
    const reloaded = await readKeySource(deps).catch(() => null);
    if (reloaded?.keyid === current) deps.trust.key = reloaded;
  }
  const key = deps.trust.key;
  if (!meta || !current || key?.keyid !== current) throw notConfigured(deps, current, key);
  return { key, origin: meta.origin };
}

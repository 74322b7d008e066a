// What the CLI trusts of each registry (docs/trust.md, "What the CLI checks"): the keys it pinned
// and the last checkpoint it saw, in $XDG_CONFIG_HOME/pkg/trust/<host>_<port>.json, like SSH's
// known_hosts. Read through a zod schema, written atomically.
import path from 'node:path';
import * as z from 'zod';
import type { Checkpoint, PinnedKey } from '@pkg/shared';
import { jsonText, readJsonFile, writeFileAtomic } from '../lib/json-file.js';
import { userConfigDir } from '../lib/paths.js';

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');

export const pinnedKeySchema = z.object({
  keyid: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'a key id SHA256:<unpadded base64>'),
  /** base64 of the 32 raw public key bytes */
  key: base64.length(44, 'an Ed25519 public key in base64 is 44 characters'),
  pinnedAt: z.iso.datetime(),
  /** How it came to be pinned: on first use, by `pkg trust accept` of a rotation, ... */
  how: z.string(),
});
export type PinnedKeyRecord = z.infer<typeof pinnedKeySchema>;

export const seenCheckpointSchema = z.object({
  origin: z.string().min(1),
  size: z.number().int().nonnegative(),
  rootHash: base64.length(44, 'a SHA-256 hash in base64 is 44 characters'),
  /** The signed note, verbatim. */
  note: z.string(),
  seenAt: z.iso.datetime(),
});
export type SeenCheckpoint = z.infer<typeof seenCheckpointSchema>;

export const trustStateSchema = z.object({
  stateVersion: z.literal(1),
  registry: z.string(),
  /** The log's origin, pinned with the first keys. */
  origin: z.string().min(1),
  keys: z.array(pinnedKeySchema),
  checkpoint: seenCheckpointSchema.nullable(),
});
export type TrustState = z.infer<typeof trustStateSchema>;

/** `<host>_<port>`, the port given or the scheme's default; other characters become `_`. */
export function registryFileName(registry: string): string {
  const url = new URL(registry);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.replace(/[^A-Za-z0-9.-]/g, '_')}_${port}.json`;
}

export function trustStateFile(registry: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(userConfigDir(env), 'trust', registryFileName(registry));
}

export function readTrustState(
  registry: string,
  env: NodeJS.ProcessEnv = process.env,
): TrustState | undefined {
  return readJsonFile(trustStateFile(registry, env), trustStateSchema, "The registry's trust state");
}

export function writeTrustState(state: TrustState, env: NodeJS.ProcessEnv = process.env): string {
  const file = trustStateFile(state.registry, env);
  writeFileAtomic(file, jsonText(trustStateSchema.parse(state)));
  return file;
}

export function pinnedKeysOf(state: TrustState | undefined): PinnedKey[] {
  return (state?.keys ?? []).map(({ keyid, key }) => ({ keyid, key }));
}

export function checkpointOf(state: TrustState | undefined): Checkpoint | undefined {
  const seen = state?.checkpoint;
  if (!seen) return undefined;
  return {
    origin: seen.origin,
    size: seen.size,
    rootHash: new Uint8Array(Buffer.from(seen.rootHash, 'base64')),
  };
}

/**
 * The state with a newer checkpoint (a smaller one, proved a prefix, is not kept). The same state
 * (the very object) when the checkpoint is the one it keeps: `seenAt` is when it was first seen.
 */
export function withCheckpoint(
  state: TrustState,
  note: string,
  checkpoint: Checkpoint,
  now: Date,
): TrustState {
  if (state.checkpoint && state.checkpoint.size > checkpoint.size) return state;
  const rootHash = Buffer.from(checkpoint.rootHash).toString('base64');
  if (state.checkpoint?.size === checkpoint.size && state.checkpoint.rootHash === rootHash) return state;
  return {
    ...state,
    checkpoint: {
      origin: checkpoint.origin,
      size: checkpoint.size,
      rootHash,
      note,
      seenAt: now.toISOString(),
    },
  };
}

/** The state with these keys pinned as well. */
export function withPinnedKeys(
  state: TrustState,
  keys: readonly PinnedKey[],
  how: string,
  now: Date,
): TrustState {
  const known = new Set(state.keys.map((k) => k.keyid));
  const added = keys
    .filter((k) => !known.has(k.keyid))
    .map((k) => ({ keyid: k.keyid, key: k.key, pinnedAt: now.toISOString(), how }));
  return { ...state, keys: [...state.keys, ...added] };
}

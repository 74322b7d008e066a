// The credentials file (credentials.json, mode 0600): one token per registry URL.
// PKG_TOKEN, when set, is used instead (CI), and never written anywhere.
import { chmodSync, existsSync } from 'node:fs';
import * as z from 'zod';
import { readJsonFile, writeJsonFile } from '../json-file.js';
import { credentialsFile } from '../paths.js';

const credentialsSchema = z.object({
  registries: z.record(z.string(), z.object({ token: z.string(), user: z.string(), savedAt: z.string() })),
});
type Credentials = z.infer<typeof credentialsSchema>;

function read(): Credentials {
  return readJsonFile(credentialsFile(), credentialsSchema, 'The credentials file') ?? { registries: {} };
}

function write(credentials: Credentials): void {
  writeJsonFile(credentialsFile(), credentials, 0o600);
  chmodSync(credentialsFile(), 0o600);
}

export function tokenFor(registry: string): string | undefined {
  return process.env.PKG_TOKEN || read().registries[registry]?.token;
}

export function saveToken(registry: string, token: string, user: string): void {
  const credentials = read();
  credentials.registries[registry] = { token, user, savedAt: new Date().toISOString() };
  write(credentials);
}

/** Returns whether a token was stored for the registry. */
export function removeToken(registry: string): boolean {
  if (!existsSync(credentialsFile())) return false;
  const credentials = read();
  if (!credentials.registries[registry]) return false;
  delete credentials.registries[registry];
  write(credentials);
  return true;
}

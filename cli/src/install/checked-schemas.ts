// The digests of the tool schemas this build of the CLI has checked (checkJsonSchema of
// shared/src/package/json-schema.ts: the 2020-12 meta-schema, then a strict compilation with Ajv),
// kept between commands in $XDG_CACHE_HOME/pkg/schemas/. An install of a package whose schemas were
// checked before (every install from the lock after the first) then creates no Ajv instance and
// compiles nothing: that was the largest single part of an install's CPU (docs/performance.md,
// "Install from the lock, fourth pass: a startup snapshot, and the schemas checked once"). The file
// is named after the running bundle (its name, size and modification time), so a new build, which
// may bring another Ajv or other options, starts a list of its own and removes the others; a file
// that cannot be read or does not parse is ignored. A digest names the schema's exact JSON: other
// bytes are checked in full.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { passedSchemaDigests, rememberPassedSchemas } from '@pkg/shared/package';
import { writeFileAtomic } from '../lib/json-file.js';
import { userCacheDir } from '../lib/paths.js';

/** SHA-256 in base64, as checkJsonSchema names a schema; at most as many as it remembers. */
const digestListSchema = z.array(z.string().regex(/^[A-Za-z0-9+/]{43}=$/)).max(1000);

function listFile(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const bundle = fileURLToPath(import.meta.url);
    const { size, mtimeMs } = statSync(bundle);
    const name = `${path.basename(bundle)}-${size}-${Math.trunc(mtimeMs)}.json`;
    return path.join(userCacheDir(env), 'schemas', name);
  } catch {
    return undefined;
  }
}

function readList(file: string): string[] {
  try {
    const parsed = digestListSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Writes the list (a cache: renamed whole, not flushed) and removes the lists of other builds. */
function writeList(file: string, digests: readonly string[]): void {
  try {
    writeFileAtomic(file, JSON.stringify(digests), 0o600, { fsync: false });
    const dir = path.dirname(file);
    for (const name of readdirSync(dir))
      if (name !== path.basename(file)) rmSync(path.join(dir, name), { force: true });
  } catch {
    // a list that cannot be written is checked again in full next time
  }
}

let save: (() => void) | undefined;

/**
 * Hands checkJsonSchema the digests this build checked in earlier commands (once per process);
 * returns the function that writes the list back when this command checked new ones.
 */
export function useCheckedSchemas(env: NodeJS.ProcessEnv = process.env): () => void {
  if (save) return save;
  const file = listFile(env);
  const known = file ? readList(file) : [];
  rememberPassedSchemas(known);
  save = () => {
    const digests = passedSchemaDigests();
    if (file && digests.some((digest) => !known.includes(digest))) writeList(file, digests);
  };
  return save;
}

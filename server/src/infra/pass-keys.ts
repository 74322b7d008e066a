// The keys behind the holder pass and the per-day counters (docs/public-api.md, "Holder pass"):
// one secret, PKG_PASS_SECRET or a random one created once in PKG_DATA_DIR and kept, from which
// HKDF derives a key that signs passes and a key that turns a visitor or a wallet into a counter
// id. Only the keyed hash ever reaches the database, never the address.
import { randomBytes, hkdfSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PassKeys {
  /** Signs and verifies holder passes (HS256). */
  pass: Uint8Array;
  /** Keys the HMAC of per-day counter ids. */
  counter: Uint8Array;
}

const SECRET_FILE = 'pass-secret';

/** The stored secret of PKG_DATA_DIR, created with 32 random bytes on the first start. */
function storedSecret(dataDir: string): Buffer {
  const file = path.resolve(dataDir, SECRET_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process created it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
}

export function loadPassKeys(config: {
  PKG_PASS_SECRET?: string | undefined;
  PKG_DATA_DIR: string;
}): PassKeys {
  const secret = config.PKG_PASS_SECRET
    ? Buffer.from(config.PKG_PASS_SECRET, 'utf8')
    : storedSecret(config.PKG_DATA_DIR);
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', secret, 'pkg-holder-pass', info, 32));
  return { pass: derive('pass-jws'), counter: derive('day-counter') };
}

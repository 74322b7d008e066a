// manifestSha256 of provenance: the SHA-256 of the manifest's canonical JSON, RFC 8785 (JSON
// Canonicalization Scheme: keys sorted by UTF-16 code unit at every depth, no whitespace, numbers
// as ECMAScript writes them) through the `canonicalize` package. The provenance digest a version's
// signature covers uses the same form (docs/trust.md, "What is signed").
// canonicalJson itself is the browser-safe contract's (contract/version-statement.ts).
import { createHash } from 'node:crypto';
import { canonicalJson } from '../contract/version-statement.js';

export { canonicalJson };

export function manifestSha256(manifest: unknown): string {
  return createHash('sha256').update(canonicalJson(manifest)).digest('hex');
}

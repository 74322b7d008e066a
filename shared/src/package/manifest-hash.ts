// manifestSha256 of provenance: the SHA-256 of the manifest's canonical JSON, RFC 8785 (JSON
// Canonicalization Scheme: keys sorted by UTF-16 code unit at every depth, no whitespace, numbers
// as ECMAScript writes them) through the `canonicalize` package. The provenance digest a version's
// signature covers uses the same form (docs/trust.md, "What is signed").
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
  const json = canonicalize(value);
  if (json === undefined) throw new TypeError('the value has no JSON form');
  return json;
}

export function manifestSha256(manifest: unknown): string {
  return createHash('sha256').update(canonicalJson(manifest)).digest('hex');
}

// manifestSha256 of provenance: the SHA-256 of the manifest's canonical JSON (object keys
// sorted by code point at every depth, no whitespace; RFC 8785 for the JSON a manifest holds).
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function manifestSha256(manifest: unknown): string {
  return createHash('sha256').update(canonicalJson(manifest)).digest('hex');
}

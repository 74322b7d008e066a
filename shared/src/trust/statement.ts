// The exact bytes the registry signs and logs (docs/trust.md, "What is signed" and "Log entries").
// Every text is UTF-8 lines of "<field> <value>", in a fixed order, each ending with "\n"; a value
// is one line with no control characters, so no two records can share bytes.
// The statement's own lines are written by the contract's versionStatementText, which the website
// uses too, so its bytes are defined once.
import { createHash } from 'node:crypto';
import {
  STATEMENT_HEADER,
  canonicalJson,
  statementLine as line,
  versionStatementText,
} from '../contract/version-statement.js';

export const ENTRY_HEADER = 'pkg-log/v1';

/** The facts of a version that its signature covers. */
export interface VersionFacts {
  /** `@namespace/name` */
  package: string;
  version: string;
  integrity: string;
  size: number;
  publisher: string;
  publishedAt: Date;
  /** The version's provenance record, as stored. */
  provenance: unknown;
}

export interface Signature {
  keyid: string;
  /** base64 of the 64-byte Ed25519 signature */
  sig: string;
}

/** SHA-256 of the RFC 8785 canonical JSON of a provenance record, as `sha256-<hex>`. */
export function provenanceDigest(provenance: unknown): string {
  return `sha256-${createHash('sha256').update(canonicalJson(provenance)).digest('hex')}`;
}

/** The statement a version's signature is over. */
export function versionStatement(facts: VersionFacts): string {
  return versionStatementText({
    package: facts.package,
    version: facts.version,
    integrity: facts.integrity,
    size: facts.size,
    publisher: facts.publisher,
    published: facts.publishedAt.toISOString(),
    provenanceDigest: provenanceDigest(facts.provenance),
  });
}

/** The log entry of a publish: the statement and its signature. */
export function publishEntry(facts: VersionFacts, signature: Signature): string {
  return `${ENTRY_HEADER} publish\n${versionStatement(facts)}${line('signature', `${signature.keyid} ${signature.sig}`)}`;
}

export type LogEvent =
  | { kind: 'yank'; package: string; version: string; reason: string; by: string; at: Date }
  | { kind: 'unyank'; package: string; version: string; by: string; at: Date }
  | { kind: 'deprecate'; package: string; range: string; message: string; by: string; at: Date }
  | { kind: 'key'; keyid: string; key: string; retires: string; at: Date };

/** Each event's fields after its first line, in order; every entry ends with `at`. */
const EVENT_FIELDS = {
  yank: ['package', 'version', 'reason', 'by'],
  unyank: ['package', 'version', 'by'],
  deprecate: ['package', 'range', 'message', 'by'],
  key: ['keyid', 'key', 'retires'],
} as const;

/** The log entry of a yank, an unyank, a deprecation or a key rotation. */
export function eventEntry(event: LogEvent): string {
  const values = event as unknown as Record<string, string>;
  const fields = EVENT_FIELDS[event.kind].map((field) => line(field, values[field] ?? ''));
  return `${ENTRY_HEADER} ${event.kind}\n${fields.join('')}${line('at', event.at.toISOString())}`;
}

export interface ParsedEntry {
  kind: string;
  /** The entry's fields; a publish entry's statement fields too. */
  fields: Record<string, string>;
  /** A publish entry's signed statement, byte for byte. */
  statement?: string;
}

/** Reads a log entry back (for `pkg-admin log verify`, the website and third parties). */
export function parseEntry(body: string): ParsedEntry {
  const lines = body.split('\n');
  if (lines.pop() !== '') throw new Error('a log entry ends with a newline');
  const [first = '', ...rest] = lines;
  const head = /^pkg-log\/v1 ([a-z]+)$/.exec(first);
  if (!head?.[1]) throw new Error(`not a log entry: it starts with ${JSON.stringify(first.slice(0, 40))}`);
  const fields: Record<string, string> = {};
  let statement: string | undefined;
  for (const [i, text] of rest.entries()) {
    if (text === STATEMENT_HEADER) {
      statement = `${rest.slice(i, i + 8).join('\n')}\n`;
      continue;
    }
    const space = text.indexOf(' ');
    const field = space < 0 ? text : text.slice(0, space);
    fields[field] = space < 0 ? '' : text.slice(space + 1);
  }
  return { kind: head[1], fields, ...(statement ? { statement } : {}) };
}

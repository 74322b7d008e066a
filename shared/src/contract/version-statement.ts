// The bytes of a version statement, the text a version's signature is over (docs/trust.md, "What
// is signed"), and the RFC 8785 canonical JSON whose SHA-256 is its provenance line. Browser-safe:
// no hashing here, so the registry and the CLI (node:crypto, shared/src/trust/statement.ts) and
// the website (crypto.subtle) hash with their own SHA-256 and build the one same text.
import canonicalize from 'canonicalize';

export const STATEMENT_HEADER = 'pkg-version-statement/v1';

/** The facts a statement states, with the provenance already hashed. */
export interface StatementFields {
  /** `@namespace/name` */
  package: string;
  version: string;
  integrity: string;
  size: number;
  publisher: string;
  /** ISO 8601 UTC with milliseconds, as `Date#toISOString` writes it. */
  published: string;
  /** `sha256-<hex>` of the provenance record's canonical JSON (canonicalJson below). */
  provenanceDigest: string;
}

/**
 * One `<field> <value>\n` line (docs/trust.md: a value is one line without control characters,
 * so no two records share bytes); an empty value is the field alone.
 */
export function statementLine(field: string, value: string): string {
  if ([...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f'))
    throw new Error(`the ${field} holds a control character or a line break`);
  return value === '' ? `${field}\n` : `${field} ${value}\n`;
}

/** RFC 8785 canonical JSON (keys sorted at every depth, no whitespace) through `canonicalize`. */
export function canonicalJson(value: unknown): string {
  const json = canonicalize(value);
  if (json === undefined) throw new TypeError('the value has no JSON form');
  return json;
}

/** The statement a version's signature is over, byte for byte. */
export function versionStatementText(fields: StatementFields): string {
  return (
    `${STATEMENT_HEADER}\n` +
    statementLine('package', fields.package) +
    statementLine('version', fields.version) +
    statementLine('integrity', fields.integrity) +
    statementLine('size', String(fields.size)) +
    statementLine('publisher', fields.publisher) +
    statementLine('published', fields.published) +
    statementLine('provenance', fields.provenanceDigest)
  );
}

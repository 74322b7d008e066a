// Problems found in a package: where (a path inside the package, `#/json/pointer` for a
// member of a JSON file), a stable code and a readable message. The server sends them as the
// `details` of a 422 INVALID_PACKAGE; the CLI prints them as a list. docs/package-format.md
// lists every code; codes are stable, messages may change.

/** Every problem code, with what it means. */
export const PROBLEM_CODES = {
  // Decoding the archive (docs/package-format.md; the validator stops at these)
  /** The compressed archive is larger than 5 MB. */
  ARCHIVE_TOO_LARGE: 'ARCHIVE_TOO_LARGE',
  /** The bytes are not a valid gzip stream. */
  ARCHIVE_NOT_GZIP: 'ARCHIVE_NOT_GZIP',
  /** Decompression passed the cap (a gzip bomb stops here, early). */
  DECOMPRESSED_TOO_LARGE: 'DECOMPRESSED_TOO_LARGE',
  /** The tar stream is not well formed: bad checksum, truncated, bad number field, stray data. */
  ARCHIVE_MALFORMED: 'ARCHIVE_MALFORMED',
  // Entries
  /** More than 500 files (or too many directories). */
  TOO_MANY_FILES: 'TOO_MANY_FILES',
  /** One file is larger than its per-file cap. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  SYMLINK: 'SYMLINK',
  HARD_LINK: 'HARD_LINK',
  /** A character or block device. */
  DEVICE: 'DEVICE',
  FIFO: 'FIFO',
  /** A PAX or GNU extended header (long names, attributes): packages use plain ustar headers. */
  EXTENDED_HEADER: 'EXTENDED_HEADER',
  /** Any other entry type, or a special file found while packing. */
  UNSUPPORTED_ENTRY_TYPE: 'UNSUPPORTED_ENTRY_TYPE',
  // Paths
  PATH_ABSOLUTE: 'PATH_ABSOLUTE',
  /** A `..` segment. */
  PATH_TRAVERSAL: 'PATH_TRAVERSAL',
  PATH_BACKSLASH: 'PATH_BACKSLASH',
  PATH_DRIVE_LETTER: 'PATH_DRIVE_LETTER',
  /** A NUL byte inside a path field. */
  PATH_NUL: 'PATH_NUL',
  /** Not UTF-8, control characters, `:`, empty or `.` segments, or too long. */
  PATH_INVALID: 'PATH_INVALID',
  /** The same path twice. */
  PATH_DUPLICATE: 'PATH_DUPLICATE',
  /** Two paths that are equal after Unicode normalisation (NFC) or case folding. */
  PATH_COLLISION: 'PATH_COLLISION',
  /** A path below something that is not a directory (e.g. `a/b` beside the file `a`). */
  PATH_CONFLICT: 'PATH_CONFLICT',
  /** A path segment starting with `.`. */
  HIDDEN_FILE: 'HIDDEN_FILE',
  NODE_MODULES: 'NODE_MODULES',
  // manifest.json
  MANIFEST_MISSING: 'MANIFEST_MISSING',
  MANIFEST_INVALID_JSON: 'MANIFEST_INVALID_JSON',
  /** A member has the wrong type or value (the message says which rule). */
  MANIFEST_INVALID: 'MANIFEST_INVALID',
  MANIFEST_UNKNOWN_MEMBER: 'MANIFEST_UNKNOWN_MEMBER',
  /** `dependencies` is reserved: declaring dependencies is rejected. */
  DEPENDENCIES_NOT_ALLOWED: 'DEPENDENCIES_NOT_ALLOWED',
  /** `namespace` or `name` does not follow the grammar. */
  NAME_INVALID: 'NAME_INVALID',
  /** `version` is not an exact SemVer 2.0.0 version. */
  VERSION_INVALID: 'VERSION_INVALID',
  /** `version` carries build metadata (`+…`). */
  VERSION_BUILD_METADATA: 'VERSION_BUILD_METADATA',
  PERMISSION_INVALID: 'PERMISSION_INVALID',
  TOOL_DUPLICATE_NAME: 'TOOL_DUPLICATE_NAME',
  /** The package is not the one expected (`@ns/name` given by the caller). */
  NAME_MISMATCH: 'NAME_MISMATCH',
  /** The version is not the one expected by the caller. */
  VERSION_MISMATCH: 'VERSION_MISMATCH',
  // SKILL.md
  SKILL_MD_MISSING: 'SKILL_MD_MISSING',
  /** No front matter, invalid YAML, or `name`/`description` missing. */
  SKILL_MD_INVALID: 'SKILL_MD_INVALID',
  /** Front matter `name` or `description` differs from the manifest. */
  SKILL_MD_MISMATCH: 'SKILL_MD_MISMATCH',
  // Tools and schemas
  TOOL_ENTRY_MISSING: 'TOOL_ENTRY_MISSING',
  /** The entry file has no `export default` (checked statically; nothing is executed). */
  TOOL_ENTRY_NO_DEFAULT_EXPORT: 'TOOL_ENTRY_NO_DEFAULT_EXPORT',
  SCHEMA_MISSING: 'SCHEMA_MISSING',
  SCHEMA_INVALID_JSON: 'SCHEMA_INVALID_JSON',
  /** Not a valid JSON Schema 2020-12 (Ajv strict mode). */
  SCHEMA_INVALID: 'SCHEMA_INVALID',
} as const;

export type ProblemCode = (typeof PROBLEM_CODES)[keyof typeof PROBLEM_CODES];

export interface Problem {
  /** A path inside the package (`manifest.json#/tools/0/entry` for a JSON member); `''` for the archive itself. */
  path: string;
  code: ProblemCode;
  message: string;
}

export function problem(path: string, code: ProblemCode, message: string): Problem {
  return { path, code, message };
}

/** A package (directory or archive) that does not follow the format; `problems` lists why. */
export class InvalidPackageError extends Error {
  override name = 'InvalidPackageError';
  readonly problems: Problem[];

  constructor(
    problems: Problem[],
    message = `The package is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}).`,
  ) {
    super(message);
    this.problems = problems;
  }
}

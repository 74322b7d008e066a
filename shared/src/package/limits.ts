// Limits of a skill package (docs/package-format.md), checked while decoding and packing.

export const PACKAGE_LIMITS = {
  /** The compressed archive (the publish body): 5 MB. */
  maxCompressedBytes: 5 * 1024 * 1024,
  /** Decompression stops here, so a gzip bomb costs at most this much memory. */
  maxDecompressedBytes: 50 * 1024 * 1024,
  /** Regular files in a package. */
  maxFiles: 500,
  /** Directory entries in a package. */
  maxDirectories: 500,
  /** Any one file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** `manifest.json`. */
  maxManifestBytes: 64 * 1024,
  /** `SKILL.md`. */
  maxSkillMdBytes: 256 * 1024,
  /** Each JSON Schema file. */
  maxSchemaBytes: 256 * 1024,
  /** Nesting depth of a JSON Schema document (Ajv compiles recursively). */
  maxSchemaDepth: 64,
  /** A path inside the package, in UTF-8 bytes (what a ustar header holds). */
  maxPathBytes: 255,
} as const;

export type PackageLimits = typeof PACKAGE_LIMITS;

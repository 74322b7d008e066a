// The words search matches (docs/browsing.md, "Search"), taken once per version at publish from
// what the publish has in hand: the manifest (name, description, tools) and the files of the
// archive (SKILL.md and the tools' JSON Schema files, whose property names are words too). The
// version keeps the words read from its files (`searchTerms`); the package summary keeps the words
// of its `latest` (`search`, built by packageSearchFields) for the search index.
import type { Manifest, Permissions, Provenance } from '@pkg/shared';

/** At most this many distinct words of SKILL.md, and of the schemas' property names, are kept. */
export const MAX_SKILL_TERMS = 400;
export const MAX_SCHEMA_TERMS = 200;

/** The words of a version read from its files (stored on the version document). */
export interface VersionSearchTerms {
  properties: string[];
  skill: string[];
}

/** The search fields of a package: the words of its `latest` per field, and its filters. */
export interface PackageSearchFields {
  /** The version these are of (`latest`). */
  version: string;
  name: string[];
  tools: string[];
  properties: string[];
  description: string[];
  skill: string[];
  permissions: Permissions;
  /** Published from a verified build (provenance `publisher.via` is `oidc`: docs/publishing.md). */
  verified: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The distinct words of a text, lowercased, accents removed, in order of first appearance; a
 * camelCase or snake_case word also gives its parts (`cityName` → `cityname`, `city`, `name`).
 * Words of one character are left out.
 */
export function tokenize(text: string, max = Number.POSITIVE_INFINITY): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    if (word.length > 1 && words.size < max) words.add(word);
  };
  for (const [raw] of text.normalize('NFKD').replace(/\p{M}/gu, '').matchAll(WORD)) {
    add(raw.toLowerCase());
    const parts = raw.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u);
    if (parts.length > 1) for (const part of parts) add(part.toLowerCase());
  }
  return [...words];
}

/** Every property name declared anywhere in a JSON Schema (nested objects, items, $defs …). */
export function schemaPropertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaPropertyNames(item, into);
  } else if (schema !== null && typeof schema === 'object') {
    const properties = (schema as { properties?: unknown }).properties;
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const key of Object.keys(properties)) into.add(key);
    }
    for (const value of Object.values(schema)) schemaPropertyNames(value, into);
  }
  return into;
}

function utf8(data: Uint8Array | undefined): string | undefined {
  if (!data) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The words of a version's files: its schemas' property names and its SKILL.md (capped). */
export function versionSearchTerms(
  manifest: Pick<Manifest, 'tools'>,
  files: ReadonlyMap<string, Uint8Array>,
): VersionSearchTerms {
  const names = new Set<string>();
  for (const tool of manifest.tools) {
    for (const path of [tool.inputSchema, tool.outputSchema]) {
      if (path) schemaPropertyNames(parseJson(utf8(files.get(path))), names);
    }
  }
  return {
    properties: tokenize([...names].join(' '), MAX_SCHEMA_TERMS),
    skill: tokenize(utf8(files.get('SKILL.md')) ?? '', MAX_SKILL_TERMS),
  };
}

/** What the summary reads of a version to build its search fields. */
export interface SearchSource {
  namespace: string;
  name: string;
  version: string;
  manifest: {
    description?: string;
    tools?: Pick<Manifest['tools'][number], 'name' | 'description'>[];
    permissions?: Permissions;
  };
  provenance?: Pick<Provenance, 'publisher'> | null;
  searchTerms?: VersionSearchTerms | null;
}

const NO_PERMISSIONS: Permissions = { fs: { read: [], write: [] }, network: [], env: [] };

/** The search fields of a package whose `latest` is `source`. */
export function packageSearchFields(source: SearchSource): PackageSearchFields {
  const tools = source.manifest.tools ?? [];
  return {
    version: source.version,
    name: tokenize(`${source.namespace} ${source.name}`),
    tools: tokenize(tools.map((t) => `${t.name} ${t.description}`).join(' ')),
    properties: source.searchTerms?.properties ?? [],
    description: tokenize(source.manifest.description ?? ''),
    skill: source.searchTerms?.skill ?? [],
    permissions: source.manifest.permissions ?? NO_PERMISSIONS,
    verified: source.provenance?.publisher.via === 'oidc',
  };
}

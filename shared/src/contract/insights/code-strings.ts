// What the static look reads in the strings of tool code (docs/browsing.md, "Findings"): the hosts
// written in them (URLs, and literals that are a host name and nothing else) and the encoded
// blobs (long base64 or hex runs, strings written mostly in \x / \u escapes). Pure text checks,
// no parser: ./scan-tool-code.ts hands them each string literal of the code.

/** A run of base64 this long (or longer) is an encoded blob. */
export const BLOB_MIN_CHARS = 200;
/** A string with at least this many \x / \u escapes, making up half its source or more. */
export const ESCAPES_MIN = 20;

/** `scheme://[user@]host[:port]`: the host of a URL, the scheme one a program connects with. */
const URL_HOST = /\b(?:https?|wss?|ftp):\/\/(?:[^\s/@?#]*@)?(\[[0-9a-f:.]+\]|[a-z0-9*.-]+)/gi;
/** A host name and nothing else: two labels or more, the last one letters (a top-level domain). */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i;
/** Endings that make `index.js` or `data.json` a file name rather than a host. */
const FILE_ENDINGS = new Set(
  'js mjs cjs ts mts cts jsx tsx json md txt html htm css png jpg jpeg gif svg webp ico yaml yml xml csv tsv lock log gz tgz tar zip wasm map sh py rb go rs toml ini env pem key crt sql db bin dat'.split(
    ' ',
  ),
);
const HEX_RUN = new RegExp(`[0-9a-fA-F]{${BLOB_MIN_CHARS},}`);
const BASE64_RUN = new RegExp(`[A-Za-z0-9+/_-]{${BLOB_MIN_CHARS},}={0,2}`);
const ESCAPE = /\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\}/g;

/**
 * The hosts a string names: each URL's host, or the whole string when it is a host name. A
 * template literal's text comes with `*` where it has an expression (`https://*.example.com`).
 */
export function hostsIn(text: string): string[] {
  const hosts = new Set<string>();
  for (const match of text.matchAll(URL_HOST)) {
    const host = (match[1] ?? '').toLowerCase().replace(/\.+$/, '');
    if (isHost(host)) hosts.add(host);
  }
  const bare = text.trim();
  if (BARE_HOST.test(bare)) {
    const ending = bare.slice(bare.lastIndexOf('.') + 1).toLowerCase();
    if (!FILE_ENDINGS.has(ending)) hosts.add(bare.toLowerCase());
  }
  return [...hosts];
}

/**
 * A URL's host as the code writes it: a bracketed address, `localhost`, or labels ending in a
 * written top-level label; `*` stands for a part a template literal fills in at run time.
 */
function isHost(host: string): boolean {
  if (host.startsWith('[') || host === 'localhost') return true;
  const last = host.slice(host.lastIndexOf('.') + 1);
  return host.includes('.') && /^[a-z0-9-]+$/.test(last);
}

/** True when a declared network entry (`api.example.com`, `*.example.com`) covers the host. */
export function hostCovered(host: string, declared: readonly string[]): boolean {
  return declared.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : entry === host,
  );
}

/** Why a string's value is an encoded blob ("a base64 run of 412 characters"), or undefined. */
export function blobIn(value: string): string | undefined {
  if (value.length < BLOB_MIN_CHARS) return undefined;
  const hex = HEX_RUN.exec(value)?.[0];
  if (hex && /[0-9]/.test(hex) && /[a-f]/i.test(hex)) return `a hex run of ${hex.length} characters`;
  const base64 = BASE64_RUN.exec(value)?.[0];
  if (base64 && /[0-9]/.test(base64) && /[a-z]/.test(base64) && /[A-Z]/.test(base64)) {
    return `a base64 run of ${base64.length} characters`;
  }
  return undefined;
}

/** Why a string's source text is mostly escapes ("a string written in 64 \x/\u escapes"), or undefined. */
export function escapesIn(raw: string): string | undefined {
  const escapes = raw.match(ESCAPE) ?? [];
  if (escapes.length < ESCAPES_MIN) return undefined;
  const escaped = escapes.reduce((sum, e) => sum + e.length, 0);
  if (escaped * 2 < raw.length) return undefined;
  return `a string written in ${escapes.length} \\x/\\u escapes`;
}

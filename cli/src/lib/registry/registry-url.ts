// Registry URLs and aliases (docs/registry-api.md, "Choosing a registry (CLI)"): no dependencies, so that
// main.ts can check --registry without loading anything else.
import { CliError, EXIT } from '../../exit.js';

declare const PKG_DEFAULT_REGISTRY: string | undefined;

/** The operator's public registry, fixed when the CLI is built (PKG_DEFAULT_REGISTRY). */
const PRODUCTION = typeof PKG_DEFAULT_REGISTRY === 'string' ? PKG_DEFAULT_REGISTRY : 'http://127.0.0.1:8787';

export const REGISTRY_ALIASES = {
  local: 'http://127.0.0.1:8787',
  production: PRODUCTION,
} as const;

export const DEFAULT_REGISTRY = REGISTRY_ALIASES.production;

/** Expand an alias and validate the URL (WHATWG URL parser); no trailing slash. */
export function normalizeRegistry(value: string, from: string): string {
  const expanded = Object.hasOwn(REGISTRY_ALIASES, value)
    ? REGISTRY_ALIASES[value as keyof typeof REGISTRY_ALIASES]
    : value;
  let url: URL | undefined;
  try {
    url = new URL(expanded);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new CliError('BAD_REQUEST', `The registry from ${from} is not an http(s) URL or alias: ${value}`, {
      exitCode: EXIT.invalidInput,
      hint: `Use a URL such as http://127.0.0.1:8787 or one of the aliases: ${Object.keys(REGISTRY_ALIASES).join(', ')}.`,
    });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

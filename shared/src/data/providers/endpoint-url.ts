// Endpoint helpers: put a key into a `{key}` template, show a URL as a template again, and a URL
// with its query.
import { createRedactor, secretPartsOfUrl } from '../errors/redact.js';
import type { ProviderEndpoint } from './provider-types.js';

export function fillKey(template: string, key: string): string {
  return template.replaceAll('{key}', encodeURIComponent(key));
}

/** The URL with every key-looking part (and the given key) replaced by `{key}`. */
export function displayUrl(url: string, key?: string): string {
  return createRedactor([...secretPartsOfUrl(url), ...(key ? [key] : [])])(url);
}

export function endpointOf(template: string, key?: string): ProviderEndpoint {
  const url = key ? fillKey(template, key) : template;
  return { url, display: displayUrl(url, key), secrets: key ? [key] : [] };
}

/** `base` with the query's members set as search parameters. */
export function urlWithQuery(base: string, query: Record<string, string> = {}): URL {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

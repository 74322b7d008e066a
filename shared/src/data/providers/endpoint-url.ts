// Endpoint helpers: put a key into a `{key}` template, and show a URL as a template again.
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

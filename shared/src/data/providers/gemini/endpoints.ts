// The Gemini API (https://ai.google.dev/api, https://ai.google.dev/gemini-api/docs/api-key): the
// key travels in the `x-goog-api-key` header, never as `?key=` in a URL (both are accepted
// upstream; a URL ends up in logs and proxies). GEMINI_BASE_URL replaces the default base (a
// mirror or a local double); the key is required for every call, the model list included.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

export function geminiEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.GEMINI_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (GEMINI_API_KEY)' };
  const base = (env.GEMINI_BASE_URL?.trim() || GEMINI_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/models/{model}:generateContent (x-goog-api-key: {key})`,
    secrets: [key],
  };
}

/** The resource name of a model: `models/<id>` for a bare id; a name with a slash as given. */
export function modelPath(model: string): string {
  const name = model.includes('/') ? model : `models/${model}`;
  return name.split('/').map(encodeURIComponent).join('/');
}

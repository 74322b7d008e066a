// GET against DefiLlama's free API through the guarded fetch, with its error mapping. DefiLlama
// documents no error bodies; its official SDK (github.com/DefiLlama/api-sdk src/client.ts) maps
// 404 to "not found" and 429 to a rate limit with `Retry-After`, and its server
// (github.com/DefiLlama/defillama-server defi/src/api2/routes/utils.ts) answers errors in plain
// text ("Internal server error", "Data not found", 402 "Upgrade to the paid API plan ..." on
// paid routes). So: 429 is RATE_LIMITED (Retry-After kept); 402 is a paid-plan refusal (the method
// is unsupported on the free API); 404 on a chain's path means DefiLlama lists nothing for the
// chain (no data); any other 4xx is a refusal; 5xx, HTML error pages and unusable bodies are
// failures, transient when 5xx.
import type { z } from 'zod';
import {
  NoDataError,
  ProviderError,
  RequestRefusedError,
  UnsupportedMethodError,
} from '../../errors/data-errors.js';
import { jsonOf, jsonRequest, parsedBody, rateLimitedError } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { basesOf, type DefillamaBases } from './endpoints.js';
import { urlWithQuery } from '../endpoint-url.js';

export interface DefillamaRequest {
  /** Which of DefiLlama's hosts serves the path. */
  host: keyof DefillamaBases;
  /** The path, its segments already encoded. */
  path: string;
  query?: Record<string, string> | undefined;
  /** A 404 here means DefiLlama lists nothing for the chain: NoDataError with this message. */
  notListed?: string | undefined;
  /** A larger body cap for DefiLlama's full lists (GET /protocols, GET /pools). */
  maxBytes?: number | undefined;
}

export type DefillamaGet = <S extends z.ZodType>(request: DefillamaRequest, schema: S) => Promise<z.infer<S>>;

/** What a non-JSON error body says, briefly: an HTML page is named as such, plain text is quoted. */
export function bodyNote(text: string, redact: (s: string) => string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return 'an empty body';
  if (/^<|<html|<!doctype/i.test(trimmed)) return 'an HTML page';
  return `"${redact(trimmed.slice(0, 80))}"`;
}

export function createDefillamaGet(endpoint: ProviderEndpoint, context: ProviderContext): DefillamaGet {
  const bases = basesOf(endpoint);
  const options = { provider: 'defillama', redact: context.redact };
  return async ({ host, path, query, notListed, maxBytes }, schema) => {
    const url = urlWithQuery(`${bases[host]}${path}`, query);
    const response = await jsonRequest(context, { url: url.toString(), headers: {}, maxBytes });
    const { status } = response;
    const withStatus = { ...options, status };
    if (status >= 200 && status < 300) return parsedBody(response, schema, path, options);
    const json = jsonOf(response.text) !== undefined;
    const said = json ? '' : ` (${bodyNote(response.text, context.redact)})`;
    const text = `${path}: HTTP ${status}${said}`;
    if (status === 429) throw rateLimitedError(text, response, withStatus);
    if (status === 404 && notListed !== undefined)
      throw new NoDataError(`${notListed} (${text})`, withStatus);
    if (status === 402)
      throw new UnsupportedMethodError(`${text}: DefiLlama serves this on its paid plan only`, withStatus);
    if (status >= 400 && status < 500) throw new RequestRefusedError(text, withStatus);
    throw new ProviderError('failure', text, { ...withStatus, transient: status >= 500 });
  };
}

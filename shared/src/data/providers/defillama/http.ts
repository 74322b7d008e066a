// GET against DefiLlama's free API through the guarded fetch, with its error mapping. DefiLlama
// documents no error bodies; its official SDK (github.com/DefiLlama/api-sdk src/client.ts) maps
// 404 to "not found" and 429 to a rate limit with `Retry-After`, and its server
// (github.com/DefiLlama/defillama-server defi/src/api2/routes/utils.ts) answers errors in plain
// text ("Internal server error", "Data not found", 402 "Upgrade to the paid API plan ..." on
// paid routes). So, as rows over the default table of http-errors.ts for a host without a key:
// 429 is RATE_LIMITED (Retry-After kept); 402 is a paid-plan refusal (the method is unsupported
// on the free API); 404 on a chain's path means DefiLlama lists nothing for the chain (no data);
// any other 4xx is a refusal; 5xx, HTML error pages and unusable bodies are failures, transient
// when 5xx.
import type { z } from 'zod';
import { failedAnswer, jsonRequest, parsedBody, type FailedAnswer } from '../http-answer.js';
import { httpErrors, noData, unsupported, type StatusRow } from '../http-errors.js';
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

/** A failed DefiLlama answer, with the message of a 404 that means "nothing listed" here. */
interface DefillamaFailure extends FailedAnswer {
  notListed: string | undefined;
}

const DEFILLAMA_ROWS: readonly StatusRow<DefillamaFailure>[] = [
  {
    status: 404,
    when: (a) => a.notListed !== undefined,
    error: noData((a) => `${a.notListed ?? ''} (${a.text})`),
  },
  {
    status: 402,
    error: unsupported((a) => `${a.text}: DefiLlama serves this on its paid plan only`),
  },
];

const defillamaError = httpErrors(DEFILLAMA_ROWS, { keyStatuses: [] });

export function createDefillamaGet(endpoint: ProviderEndpoint, context: ProviderContext): DefillamaGet {
  const bases = basesOf(endpoint);
  const options = { provider: 'defillama', redact: context.redact };
  return async ({ host, path, query, notListed, maxBytes }, schema) => {
    const url = urlWithQuery(`${bases[host]}${path}`, query);
    const response = await jsonRequest(context, { url: url.toString(), headers: {}, maxBytes });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, schema, path, options);
    // A body that is not JSON is named (an HTML page) or quoted (DefiLlama's plain-text errors).
    const said = (body: unknown) =>
      body !== undefined ? '' : ` (${bodyNote(response.text, context.redact)})`;
    const text = (a: { body: unknown }) => `${path}: HTTP ${status}${said(a.body)}`;
    throw defillamaError({ ...failedAnswer(response, { where: path, options, text }), notListed });
  };
}

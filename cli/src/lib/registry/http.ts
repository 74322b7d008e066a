// The registry's transport: HTTP/1.1 over node:http (node:https for an https registry, loaded only
// then), for the tRPC client and the artifact routes. Neither Node's fetch (undici, its start-up
// and its WebAssembly parser) nor node-fetch (its Blob, body and stream layers, evaluated on every
// registry command) is loaded: docs/performance.md, "Install from the lock file". The answer has
// the part of a fetch Response the callers use; its body is the response stream, read once. A GET
// follows up to five redirects, without the authorization header when one leaves the origin.
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type Https from 'node:https';
import { createRequire } from 'node:module';

// (node:https is required, not imported: the TLS modules load only for an https registry.)
const requireBuiltin = createRequire(import.meta.url);

export interface HttpInit {
  method?: string;
  headers?: Record<string, string> | Iterable<[string, string]>;
  body?: string | Uint8Array | null;
  signal?: AbortSignal | null;
}

export interface HttpResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  /** The body as it arrives. */
  body: IncomingMessage;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

const MAX_REDIRECTS = 5;

/** Requests started and not yet written to their socket. */
const unsent = new Set<Promise<void>>();

/**
 * Resolves once every request started so far, and every call batched for the next timer turn
 * (the tRPC client sends its batch on one), has been written to its socket: work that would hold
 * the thread (loading the verifier) then runs while the registry answers, not before it is asked.
 */
export async function requestsSent(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(unsent);
}
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function answer(res: IncomingMessage): HttpResponse {
  const status = res.statusCode ?? 0;
  const text = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name) => headerValue(res.headers, name) },
    body: res,
    text,
    json: async () => JSON.parse(await text()) as unknown,
  };
}

function requestHeaders(init: HttpInit): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(
    init.headers && Symbol.iterator in init.headers ? Object.fromEntries(init.headers) : (init.headers ?? {}),
  ))
    headers[name.toLowerCase()] = value;
  if (init.body != null && headers['content-length'] === undefined)
    headers['content-length'] = String(Buffer.byteLength(init.body));
  return headers;
}

/** One request; resolves with the answer once its status and headers have arrived. */
export async function httpFetch(
  url: string | URL,
  init: HttpInit = {},
  redirects = 0,
): Promise<HttpResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new TypeError(`${target.protocol} is not an HTTP URL`);
  const transport = target.protocol === 'https:' ? (requireBuiltin('node:https') as typeof Https) : http;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = requestHeaders(init);
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = transport.request(target, { method, headers, signal: init.signal ?? undefined }, resolve);
    req.on('error', reject);
    const sent = new Promise<void>((done) => {
      for (const event of ['finish', 'error', 'close']) req.once(event, () => done());
    });
    unsent.add(sent);
    void sent.then(() => unsent.delete(sent));
    req.end(init.body ?? undefined);
  });
  const location = res.headers.location;
  if (!location || !REDIRECTS.has(res.statusCode ?? 0) || method !== 'GET') return answer(res);
  res.resume();
  if (redirects >= MAX_REDIRECTS)
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${target.origin}`);
  const next = new URL(location, target);
  const { authorization: _, ...withoutAuth } = headers;
  return httpFetch(
    next,
    { ...init, headers: next.origin === target.origin ? headers : withoutAuth },
    redirects + 1,
  );
}

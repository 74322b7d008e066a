// The soak's request mix (docs/operator.md, "Soak"): one function per kind of request, each
// answering what the recorder keeps. Clients are told apart by X-Forwarded-For (the server trusts
// loopback proxies here), so that the rate limits see many clients and the burst one.
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { GT, telegramUpdate } from '@pkg/shared/testing';
import { buildPackage } from '../test/helpers/packages.js';
import type { Answer, Klass } from './record.js';

export interface Target {
  url: string;
  /** The manage token of the user `soak`, who owns the namespace `soak`. */
  token: string;
  /** The manage token of the user `hostile`, who sends bad archives. */
  hostileToken: string;
  telegramSecret: string;
  discordSign(timestamp: string, body: string): string;
  telegramPath: string;
  started: number;
}

/** Every version the server acknowledged with 201: `soak/p<k>@<version>` → integrity. */
export const acknowledged = new Map<string, string>();
export const PACKAGES = 12;
const REQUEST_TIMEOUT_MS = 30_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const clientIp = () => `10.0.${Math.floor(Math.random() * 8)}.${1 + Math.floor(Math.random() * 250)}`;

async function errorCode(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one request and turns it into an answer; `check` reads a 2xx body. */
export async function timed(
  target: Target,
  klass: Klass,
  what: string,
  send: () => Promise<Response>,
  check?: (res: Response) => Promise<string | undefined>,
): Promise<Answer> {
  const t0 = performance.now();
  const at = (Date.now() - target.started) / 1000;
  try {
    const res = await send();
    let code: string | undefined;
    if (res.status >= 400) code = await errorCode(res);
    else if (check) code = await check(res);
    else await res.arrayBuffer();
    return { klass, status: res.status, code, ms: performance.now() - t0, at, what };
  } catch (error) {
    const name =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.name) : 'error';
    return { klass, status: 0, code: name, ms: performance.now() - t0, at, what };
  }
}

const get = (target: Target, path: string, headers: Record<string, string> = {}) =>
  fetch(`${target.url}${path}`, {
    headers: { 'x-forwarded-for': clientIp(), ...headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

const ackedList = () => [...acknowledged.keys()];

export function read(target: Target): Promise<Answer> {
  const k = Math.floor(Math.random() * PACKAGES);
  const acked = ackedList();
  const version = acked.length ? pick(acked).split('@')[1] : undefined;
  const paths = [
    `/packages/soak/p${k}`,
    `/packages/soak/p${k}/versions`,
    `/packages/search?q=p${k}`,
    ...(version ? [`/packages/soak/p${k}/${version}`] : []),
  ];
  const path = pick(paths);
  return timed(target, 'read', path.replace(/p\d+/, 'p<k>'), () => get(target, path));
}

export function download(target: Target): Promise<Answer> {
  const acked = ackedList();
  if (!acked.length) return read(target);
  const id = pick(acked);
  const [name, version] = id.split('@') as [string, string];
  return timed(
    target,
    'download',
    'download',
    () => get(target, `/packages/${name}/${version}/download`),
    async (res) => {
      const bytes = Buffer.from(await res.arrayBuffer());
      const integrity = `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
      return integrity === acknowledged.get(id) ? undefined : 'INTEGRITY_MISMATCH';
    },
  );
}

let nextPatch = 0;
/** One publish of a new version; kept in `acknowledged` when answered 201. */
export async function publish(target: Target): Promise<Answer> {
  const k = nextPatch % PACKAGES;
  const version = `1.0.${nextPatch++}`;
  const pack = await buildPackage({ namespace: 'soak', name: `p${k}`, version });
  const answer = await timed(target, 'publish', 'publish', () =>
    fetch(`${target.url}/publish`, {
      method: 'POST',
      headers: {
        'content-type': 'application/gzip',
        authorization: `Bearer ${target.token}`,
        'x-forwarded-for': '10.1.0.1',
      },
      body: new Uint8Array(pack.bytes),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
  );
  if (answer.status === 201) acknowledged.set(`soak/p${k}@${version}`, pack.integrity);
  return answer;
}

/**
 * The pool card of /v1: mostly the GeckoTerminal pool the double knows (answered from the data
 * layer's cache once read), else a new address each time, which reaches the vendor.
 */
export function v1(target: Target): Promise<Answer> {
  const address = Math.random() < 0.7 ? GT.pool : `0x${randomBytes(20).toString('hex')}`;
  return timed(
    target,
    'v1',
    '/v1/pool',
    () => get(target, `/v1/pool/eth/${address}`),
    async (res) => {
      const body = (await res.json()) as { pool?: { status?: string } };
      return body.pool?.status === 'LIVE' ? undefined : `pool:${body.pool?.status ?? 'missing'}`;
    },
  );
}

let chatId = 5_000_000;
export function bot(target: Target): Promise<Answer> {
  if (Math.random() < 0.6) {
    const update = telegramUpdate({
      text: '/help',
      from: { id: chatId, first_name: 'Soak' },
      chat: { id: chatId++, type: 'private' },
    });
    return timed(target, 'bot', 'telegram', () =>
      fetch(`${target.url}${target.telegramPath}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': target.telegramSecret,
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    );
  }
  const body = JSON.stringify({
    type: 1,
    id: String(Date.now()),
    application_id: '111111111111111111',
    token: 'soak',
    version: 1,
  });
  const ts = String(Math.floor(Date.now() / 1000));
  return timed(target, 'bot', 'discord ping', () =>
    fetch(`${target.url}/discord/interactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-timestamp': ts,
        'x-signature-ed25519': target.discordSign(ts, body),
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
  );
}

const HOSTILE_IPS = ['10.66.0.1', '10.66.0.2', '10.66.0.3', '10.66.0.4'];
const hostileHeaders = () => ({ 'x-forwarded-for': pick(HOSTILE_IPS) });

/** A POST of the hostile client, with its token and one of its addresses. */
function hostilePost(
  target: Target,
  path: string,
  contentType: string,
  body: string | Uint8Array,
): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${target.hostileToken}`,
      ...hostileHeaders(),
    },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** One hostile request of a random kind; every one should be refused with a 4xx. */
export function hostile(target: Target): Promise<Answer> {
  const kinds: Record<string, () => Promise<Response>> = {
    'oversized archive': () =>
      hostilePost(target, '/publish', 'application/gzip', new Uint8Array(6 * 1024 * 1024)),
    'oversized json': () =>
      hostilePost(
        target,
        '/auth/tokens',
        'application/json',
        JSON.stringify({ label: 'x'.repeat(2 * 1024 * 1024) }),
      ),
    'malformed json': () =>
      hostilePost(target, '/auth/tokens', 'application/json', '{"label": "unterminated'),
    'bad archive': () =>
      hostilePost(target, '/publish', 'application/gzip', new Uint8Array(randomBytes(4096))),
    'forged token': () =>
      get(target, '/auth/whoami', { authorization: `Bearer pkg_${'A'.repeat(40)}`, ...hostileHeaders() }),
    'forged discord signature': () => {
      const body = JSON.stringify({ type: 1, id: '1', application_id: '1', token: 't', version: 1 });
      return fetch(`${target.url}/discord/interactions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-signature-ed25519': randomBytes(64).toString('hex'),
        },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    },
    'forged telegram secret': () =>
      fetch(`${target.url}${target.telegramPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'not-the-secret' },
        body: JSON.stringify(
          telegramUpdate({
            text: '/help',
            from: { id: 1, first_name: 'X' },
            chat: { id: 1, type: 'private' },
          }),
        ),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    'path traversal': () =>
      get(
        target,
        pick([
          '/packages/soak/..%2F..%2F..%2Fetc%2Fpasswd',
          '/artifacts/..%2f..%2fetc%2fpasswd/x.tar.gz',
          '/packages/%2e%2e/%2e%2e/etc/passwd',
          `/artifacts/${'0'.repeat(64)}/..%2F..%2Fsigning-key.pem`,
        ]),
        hostileHeaders(),
      ),
  };
  const what = pick(Object.keys(kinds));
  return timed(target, 'hostile', what, kinds[what] as () => Promise<Response>);
}

/** `count` reads from one client as fast as `parallel` connections go: over the public limit. */
export async function burst(target: Target, count: number, parallel: number, record: (a: Answer) => void) {
  let sent = 0;
  const ip = '10.77.0.1';
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (sent < count) {
        sent++;
        record(
          await timed(target, 'burst', 'burst', () =>
            get(target, '/packages/soak/p0', { 'x-forwarded-for': ip }),
          ),
        );
      }
    }),
  );
}

/**
 * A slow client: opens a connection and sends a request's headers one byte every `everyMs`,
 * never finishing them. Resolves when the server closes the connection (how long it held it).
 */
export function slowClient(
  url: string,
  everyMs: number,
  stop: AbortSignal,
): Promise<{ heldMs: number; closedBy: 'server' | 'soak' }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const text = 'GET /packages/soak/p0 HTTP/1.1\r\nHost: soak\r\nX-Slow: ' + 'a'.repeat(10_000);
    let i = 0;
    const timer = setInterval(() => {
      if (i < text.length) socket.write(text[i++] ?? 'a');
    }, everyMs);
    const onStop = () => done('soak');
    const done = (closedBy: 'server' | 'soak') => {
      clearInterval(timer);
      stop.removeEventListener('abort', onStop);
      socket.destroy();
      resolve({ heldMs: Date.now() - started, closedBy });
    };
    socket.on('close', () => done('server'));
    socket.on('error', () => undefined);
    stop.addEventListener('abort', onStop, { once: true });
  });
}

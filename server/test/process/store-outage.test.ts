// A server process whose store goes away (docs/operator.md, "When the store goes away"). The
// built server (dist/main.js) runs on MONGODB_URI against `pkg-admin db serve` in a process of
// its own. With reads (package document, version record, version list), downloads, publishes, a
// tRPC query and Telegram webhook updates in flight, the store is killed with SIGKILL:
//   - every request that starts after the store is gone and ends before it is started again is
//     503 STORAGE_UNAVAILABLE with Retry-After in the uniform error body (tRPC: its own error
//     shape, with that code). No read is served from a cache meanwhile: every read checks the
//     package's stored revision first (cache/metadata-cache.ts), so an outage is never answered
//     with what may be stale;
//   - a request in flight when the store dies answers as before or as during the outage (its
//     success, or that 503): never a cut connection, never a 500;
//   - /health is 200 throughout, the process stays up, and the bots' scheduler logs its failed
//     ticks and goes on ticking.
// The store is then started again on the same port and data directory: the server notices by
// itself (a read polled until it is 200, within a deadline), every kind of request succeeds
// again, and every publish it acknowledged with 201, before or during the outage, is readable.
// Downloads stream from GridFS here (no disk copies), the path the store's loss reaches. The
// store is killed under the server, so the MongoDB workflow leaves this file out.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { telegramUpdate } from '@pkg/shared/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastLine, runAdmin } from '../admin/run-admin.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';
import { startStoreProcess, type StoreProcess } from '../helpers/store-process.js';

const TELEGRAM_TOKEN = '7000000002:AAE-outage_test_token_0123456789';
const TELEGRAM_SECRET = 'outage-test-secret';
/** How long the server may take to notice that its store is back. */
const RECOVERY_DEADLINE_MS = 30_000;
/** How long any one phase (warm-up, outage, recovery) may take before the test gives up. */
const PHASE_DEADLINE_MS = 30_000;

type Kind = 'package' | 'version' | 'versions' | 'download' | 'publish' | 'trpc' | 'webhook' | 'health';

/** What each kind answers when the store is up. */
const SUCCESS: Record<Kind, number> = {
  package: 200,
  version: 200,
  versions: 200,
  download: 200,
  publish: 201,
  trpc: 200,
  webhook: 200,
  health: 200,
};
const KINDS = Object.keys(SUCCESS) as Kind[];

interface Outcome {
  kind: Kind;
  started: number;
  ended: number;
  /** 0: no answer at all (the connection failed). */
  status: number;
  code?: string | undefined;
  retryAfter?: string | null;
  /** What went wrong besides the status: the connection, or bytes that do not match. */
  failure?: string;
}

let storeDir: string;
let dataDir: string;
let store: StoreProcess;
let server: SpawnedServer;
let token: string;
/** Every version the server acknowledged with 201, with the integrity of its archive. */
const acknowledged = new Map<string, string>();
let firstIntegrity: string;

const NAME = { namespace: 'acme', name: 'tool' };

async function publishVersion(version: string): Promise<Response> {
  const pack = await buildPackage({ ...NAME, version });
  const res = await publishArchive(server.url, token, pack.bytes);
  if (res.status === 201) acknowledged.set(version, pack.integrity);
  return res;
}

beforeAll(async () => {
  storeDir = mkdtempSync(path.join(tmpdir(), 'pkg-outage-store-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-outage-server-'));
  store = await startStoreProcess(storeDir);
  const storeEnv = { MONGODB_URI: `${store.uri}pkg` };
  const created = await runAdmin(['user', 'create', NAME.namespace], storeEnv);
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  token = lastLine(created.stdout);
  server = await spawnServer({
    ...storeEnv,
    PKG_DATA_DIR: dataDir,
    MONGODB_SERVER_SELECTION_TIMEOUT_MS: '1000',
    // Every download streams from GridFS: no copies on the server's disk.
    PKG_ARTIFACT_CACHE_MB: '0',
    // The limiter still counts (and flushes to the store) every request, but never refuses one.
    PKG_RATE_LIMIT_PUBLIC: '1000000',
    PKG_RATE_LIMIT_PUBLISH: '1000000',
    // The bots' scheduler runs (one lease holder, checks due every second); no alert is set, so
    // it never calls Telegram, and the data layer is off.
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
    TELEGRAM_BASE_URL: 'http://127.0.0.1:9',
    PKG_LEASE_S: '2',
    PKG_ALERT_INTERVAL_S: '1',
    PUBLIC_RPC_URL: 'off',
  });
  const first = await publishVersion('1.0.0');
  if (first.status !== 201) throw new Error(`first publish: ${first.status} ${await first.text()}`);
  firstIntegrity = acknowledged.get('1.0.0') ?? '';
});

afterAll(async () => {
  await server?.stop();
  await store?.stop();
  for (const dir of [storeDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The error code of a REST error body or of a tRPC error (superjson's `json` envelope). */
function errorCode(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as {
      error?: { code?: unknown; json?: { data?: { code?: unknown } } };
    };
    const code = parsed.error?.code ?? parsed.error?.json?.data?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

type Answer = Omit<Outcome, 'kind' | 'started' | 'ended'>;

async function answerOf(res: Response, expectedIntegrity?: string): Promise<Answer> {
  const body = Buffer.from(await res.arrayBuffer());
  const answer: Answer = { status: res.status, retryAfter: res.headers.get('retry-after') };
  if (res.status >= 400) answer.code = errorCode(body);
  if (expectedIntegrity && res.status === 200) {
    const integrity = `sha256-${createHash('sha256').update(body).digest('hex')}`;
    if (integrity !== expectedIntegrity) answer.failure = `downloaded ${integrity}`;
  }
  return answer;
}

let nextVersion = 0;
const trpcInput = encodeURIComponent(JSON.stringify({ json: NAME }));

const REQUESTS: Record<Kind, () => Promise<Answer>> = {
  package: async () => answerOf(await fetch(`${server.url}/packages/acme/tool`)),
  version: async () => answerOf(await fetch(`${server.url}/packages/acme/tool/1.0.0`)),
  versions: async () => answerOf(await fetch(`${server.url}/packages/acme/tool/versions`)),
  download: async () =>
    answerOf(await fetch(`${server.url}/packages/acme/tool/1.0.0/download`), firstIntegrity),
  publish: async () => answerOf(await publishVersion(`1.1.${(nextVersion += 1)}`)),
  trpc: async () => answerOf(await fetch(`${server.url}/trpc/packages.versions?input=${trpcInput}`)),
  webhook: async () =>
    answerOf(
      await fetch(`${server.url}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
        body: JSON.stringify(
          telegramUpdate({
            chat: { id: 4242, type: 'private' },
            from: { id: 7, first_name: 'Ada' },
            text: '/help',
          }),
        ),
      }),
    ),
  health: async () => answerOf(await fetch(`${server.url}/health`)),
};

/** The requests of every kind, each kind one after another, recorded as they end. */
function startTraffic() {
  const outcomes: Outcome[] = [];
  const waiters = new Set<() => void>();
  let running = true;
  const loop = async (kind: Kind) => {
    while (running) {
      const started = performance.now();
      const answer = await REQUESTS[kind]().catch((error: unknown): Answer => ({
        status: 0,
        failure: String(error),
      }));
      outcomes.push({ kind, started, ended: performance.now(), ...answer });
      for (const waiter of [...waiters]) waiter();
    }
  };
  const loops = Promise.all(KINDS.map(loop));
  return {
    outcomes,
    /** Resolves once `holds` is true of the outcomes; rejects when the server exits first or `what` takes too long. */
    until(what: string, holds: (outcomes: Outcome[]) => boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          waiters.delete(check);
          server.child.off('exit', exited);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (holds(outcomes)) done();
        };
        const exited = (code: number | null) => done(new Error(`the server exited (${code}) before ${what}`));
        const timer = setTimeout(() => done(new Error(`timed out waiting for ${what}`)), PHASE_DEADLINE_MS);
        waiters.add(check);
        server.child.once('exit', exited);
        check();
      });
    },
    async stop(): Promise<void> {
      running = false;
      await loops;
    },
  };
}

/** Each kind has `n` outcomes that pass `filter`. */
const eachKind = (n: number, filter: (o: Outcome) => boolean) => (outcomes: Outcome[]) =>
  KINDS.every((kind) => outcomes.filter((o) => o.kind === kind && filter(o)).length >= n);

/** Polls a read until it is 200: each poll waits for the previous answer, then a short backoff. */
async function pollUntilRead(deadline: number): Promise<{ polls: number; statuses: Set<number> }> {
  const statuses = new Set<number>();
  for (let polls = 1; ; polls++) {
    const res = await fetch(`${server.url}/packages/acme/tool`);
    await res.arrayBuffer();
    statuses.add(res.status);
    if (res.status === 200) return { polls, statuses };
    if (performance.now() > deadline)
      throw new Error(`no 200 within ${RECOVERY_DEADLINE_MS} ms (${polls} polls)`);
    await delay(100);
  }
}

describe('a server whose store is killed and started again (the MongoDB workflow leaves this file out)', () => {
  test('answers 503 STORAGE_UNAVAILABLE while the store is gone, stays up, recovers by itself and loses no acknowledged publish', async () => {
    const traffic = startTraffic();
    await traffic.until(
      'every kind of request to succeed',
      eachKind(3, (o) => o.status === SUCCESS[o.kind]),
    );

    const killing = performance.now();
    const linesBefore = server.lines.length;
    await store.kill();
    const killedAt = performance.now();
    const since = (index: number, msg: (m: unknown) => boolean) =>
      server.waitForLine((l) => server.lines.indexOf(l) >= index && msg(l.msg));
    await Promise.all([
      traffic.until(
        'requests of every kind while the store is gone',
        eachKind(5, (o) => o.started >= killedAt),
      ),
      // the server logs the loss, and the scheduler its failed ticks
      since(linesBefore, (m) => typeof m === 'string' && m.startsWith('store connection lost')),
      since(linesBefore, (m) => m === 'bot tick failed' || m === 'bot lease renewal failed'),
    ]);

    const restarting = performance.now();
    const linesAtRestart = server.lines.length;
    store = await startStoreProcess(storeDir, store.port);
    const restarted = performance.now();
    const poll = await pollUntilRead(restarted + RECOVERY_DEADLINE_MS);
    const recoveredAt = performance.now();
    await Promise.all([
      traffic.until(
        'every kind of request to succeed again',
        eachKind(3, (o) => o.started >= recoveredAt && o.status === SUCCESS[o.kind]),
      ),
      since(linesAtRestart, (m) => m === 'store connection restored'),
      // the scheduler runs its checks again
      since(linesAtRestart, (m) => m === 'bot check'),
    ]);
    await traffic.stop();
    const { outcomes } = traffic;

    // Nothing was cut off, and no download's bytes differ from the published archive.
    expect(outcomes.filter((o) => o.status === 0 || o.failure)).toEqual([]);
    // /health never touches the store.
    expect(outcomes.filter((o) => o.kind === 'health' && o.status !== 200)).toEqual([]);
    // Before, during and after: each request succeeded or was that one 503.
    const unexpected = outcomes.filter(
      (o) => o.status !== SUCCESS[o.kind] && !(o.status === 503 && o.code === 'STORAGE_UNAVAILABLE'),
    );
    expect(unexpected).toEqual([]);
    // While the store was gone: every request but /health was refused, none served from a cache.
    const during = outcomes.filter(
      (o) => o.kind !== 'health' && o.started >= killedAt && o.ended <= restarting,
    );
    for (const kind of KINDS.filter((k) => k !== 'health'))
      expect(during.filter((o) => o.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    expect(during.filter((o) => o.status !== 503 || o.code !== 'STORAGE_UNAVAILABLE')).toEqual([]);
    // REST answers say when to retry (tRPC's own error shape carries the code only).
    expect(during.filter((o) => o.kind !== 'trpc' && !(Number(o.retryAfter) > 0))).toEqual([]);
    expect(poll.statuses).toEqual(poll.polls === 1 ? new Set([200]) : new Set([503, 200]));

    // The process is the one started before the outage, and nothing was an unexpected error.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(server.lines.filter((l) => l.msg === 'unexpected error' || l.msg === 'procedure failed')).toEqual(
      [],
    );

    // Every publish acknowledged with 201 (before the outage, in flight when the store died, and
    // after it) is in the package document and readable with the integrity of its archive.
    const publishes = outcomes.filter((o) => o.kind === 'publish');
    const ackedBefore = publishes.filter((o) => o.status === 201 && o.ended < killing).length;
    const ackedAfter = publishes.filter((o) => o.status === 201 && o.started >= restarting).length;
    expect(ackedBefore).toBeGreaterThanOrEqual(3);
    expect(ackedAfter).toBeGreaterThanOrEqual(3);
    const doc = (await (await fetch(`${server.url}/packages/acme/tool`)).json()) as {
      versions: { version: string }[];
    };
    const listed = new Set(doc.versions.map((v) => v.version));
    for (const [version, integrity] of acknowledged) {
      expect(listed.has(version), version).toBe(true);
      const record = await fetch(`${server.url}/packages/acme/tool/${version}`);
      expect(record.status, version).toBe(200);
      expect(((await record.json()) as { integrity: string }).integrity, version).toBe(integrity);
    }

    const inFlight = outcomes.filter((o) => o.started < killing && o.ended > killedAt);
    const ms = (from: number, to: number) => `${(to - from).toFixed(0)} ms`;
    console.info(
      `store outage: ${outcomes.length} requests; ${inFlight.length} in flight at the kill ` +
        `(${inFlight.map((o) => `${o.kind} ${o.status}`).join(', ')}); store gone after ${ms(killing, killedAt)}, ` +
        `down ${ms(killedAt, restarting)} with ${during.length} requests refused (503 STORAGE_UNAVAILABLE); ` +
        `store serving again after ${ms(restarting, restarted)}; first 200 read ${ms(restarted, recoveredAt)} ` +
        `later (${poll.polls} polls); publishes: ${acknowledged.size} acknowledged and readable ` +
        `(1 in set-up, ${ackedBefore} before the kill, ${ackedAfter} after the restart), ` +
        `${publishes.filter((o) => o.status === 503).length} refused`,
    );
  });
});

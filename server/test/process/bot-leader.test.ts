// Two server processes (the built server/dist/main.js) on one store (docs/bots.md, "Schedule"):
// exactly one runs the alert checks; after `kill -9` of that leader the other takes the lease
// within one lease period (PKG_LEASE_S=3) and goes on from the stored cursor, and no trade is
// announced twice. Lease timing is the one timed assertion here; everything else waits on log
// lines and on the Telegram double's messages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  HEAD,
  UNISWAP_PKG,
  V4_ETH_PKG,
  V4_POOL_MANAGER,
  V4_STATE_VIEW,
  startDoubles,
  startTelegramServer,
  startUniswapPoolsDouble,
  telegramUpdate,
  withOnlyRpc,
  type Doubles,
  type TelegramDouble,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';

const TOKEN = '7000000001:AAE-leader_test_token_0123456789';
const SECRET = 'leader-test-secret';
const LEASE_MS = 3_000;
const e18 = 10n ** 18n;

let d: Doubles;
let chain: UniswapPoolsDouble;
let tg: TelegramDouble;
let store: SharedStore;
const dirs: string[] = [];
const servers: SpawnedServer[] = [];

type Line = Record<string, unknown>;
const acquired = (l: Line) => l.msg === 'bot lease' && l.event === 'acquired';
const whaleCheck = (l: Line) => l.msg === 'bot check' && l.check === 'whales';

function env(): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-bot-leader-'));
  dirs.push(dir);
  const data = withOnlyRpc(d.env, chain.url) as Record<string, string>;
  return {
    ...data,
    MONGODB_URI: store.uri,
    PKG_DATA_DIR: dir,
    PROJECT_TOKEN_ADDRESS: UNISWAP_PKG,
    PROJECT_TOKEN_POOL: V4_ETH_PKG.id,
    UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER,
    UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_BASE_URL: tg.baseUrl,
    PKG_LEASE_S: String(LEASE_MS / 1000),
    PKG_ALERT_INTERVAL_S: '1',
  };
}

async function readStore<T>(fn: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(store.uri);
  try {
    return await fn(client.db());
  } finally {
    await client.close();
  }
}

/** Resolves after `n` more whale checks of a server. */
function moreChecks(server: SpawnedServer, n: number) {
  const target = server.lines.filter(whaleCheck).length + n;
  return server.waitForLine((l) => whaleCheck(l) && server.lines.filter(whaleCheck).length >= target);
}

beforeAll(async () => {
  [d, chain, tg] = await Promise.all([startDoubles(), startUniswapPoolsDouble(), startTelegramServer(TOKEN)]);
  store = await startSharedStore();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await store.stop();
  await Promise.all([d.close(), chain.close(), tg.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the alert checks across two processes', () => {
  test('one leader; kill -9 → the other takes over within one lease period; no event twice', async () => {
    const a = await spawnServer(env());
    servers.push(a);
    await a.waitForLine(acquired);
    const b = await spawnServer(env());
    servers.push(b);
    await b.waitForLine((l) => l.msg === 'bot scheduler started');

    // Either process serves commands: set the alert through B's webhook.
    const res = await fetch(`${b.url}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify(
        telegramUpdate({
          chat: { id: 1001, type: 'private' },
          from: { id: 1001, first_name: 'Ada' },
          text: '/whales on 2000',
        }),
      ),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { text?: string }).text).toMatch(/^Alert 1 set: .*from block 79282849 on/);

    chain.addSwap(V4_ETH_PKG, { block: HEAD + 1n, amount0: -e18, amount1: 100n * e18 });
    chain.setHead(HEAD + 2n);
    await tg.waitForMessages(1);
    expect(String(tg.sent[0]?.text)).toContain(`block ${HEAD + 1n}`);
    expect(a.lines.some((l) => l.msg === 'bot check')).toBe(true);
    expect(b.lines.some((l) => l.msg === 'bot check')).toBe(false);
    expect(b.lines.some(acquired)).toBe(false);

    const before = await readStore((db) =>
      db
        .collection<{ _id: string; holder: string; expiresAt: Date; term: number }>('bot_leases')
        .findOne({ _id: 'alert-checks' }),
    );
    expect(before?.holder).toBe(a.lines.find(acquired)?.holder);
    const killedAt = Date.now();
    await a.stop('SIGKILL');

    chain.addSwap(V4_ETH_PKG, { block: HEAD + 3n, amount0: -2n * e18, amount1: 200n * e18 });
    chain.setHead(HEAD + 4n);
    await b.waitForLine(acquired);
    const after = await readStore((db) =>
      db
        .collection<{ _id: string; holder: string; acquiredAt: Date; term: number }>('bot_leases')
        .findOne({ _id: 'alert-checks' }),
    );
    expect(after?.holder).toBe(b.lines.find(acquired)?.holder);
    expect(after?.term).toBe((before?.term ?? 0) + 1);
    const acquiredAt = after?.acquiredAt.getTime() ?? Infinity;
    // Within one lease period of the kill, with 1 s of slack for process scheduling.
    expect(acquiredAt - killedAt).toBeLessThanOrEqual(LEASE_MS + 1_000);
    // No overlap: B took it only once A's lease had expired.
    expect(acquiredAt).toBeGreaterThanOrEqual(before?.expiresAt.getTime() ?? Infinity);

    await tg.waitForMessages(2);
    expect(String(tg.sent[1]?.text)).toContain(`block ${HEAD + 3n}`);
    expect(String(tg.sent[1]?.text)).not.toContain(`block ${HEAD + 1n}`);

    await moreChecks(b, 2);
    expect(tg.sent).toHaveLength(2);
    expect(await readStore((db) => db.collection('bot_announced').countDocuments())).toBe(2);

    expect(await b.stop()).toBe(0);
    const released = await readStore((db) =>
      db.collection<{ _id: string; expiresAt: Date }>('bot_leases').findOne({ _id: 'alert-checks' }),
    );
    expect(released?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(b.lines.some((l) => l.msg === 'bot lease' && l.event === 'released')).toBe(true);
  }, 60_000);
});

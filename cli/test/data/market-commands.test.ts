// The market, security and stock-token commands as a user runs them (the built CLI) against the
// vendor doubles: `--json` prints the envelope, the default is a readable table, exit codes are
// 0 live or cached, 3 unavailable, 1 provider error, 2 invalid input; a value a source did not
// report is absent (JSON) or "–" (tables), never 0; no key is ever printed.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DEX, GT, KEYS, startDoubles, type Doubles } from '@pkg/shared/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let d: Doubles;
const { dir, cleanup } = tempDir('pkg-cli-market-');
const isolated = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), PKG_ENV_FILE: '' };
beforeAll(async () => {
  d = await startDoubles();
});
beforeEach(() => d.reset());
afterAll(async () => {
  await d.close();
  cleanup();
});

const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(args, { cwd: dir, env: { ...isolated, ...d.env, ...env } });
const json = (stdout: string) => JSON.parse(stdout) as { status: string; data?: Record<string, unknown> };

describe('market commands', () => {
  test('market pool: the envelope with --json, the pool member by member by default', async () => {
    const r = await run(['market', 'pool', 'robinhood', DEX.PAIR_V3, '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      status: 'LIVE',
      data: { address: DEX.PAIR_V3, dex: 'uniswap', priceUsd: expect.any(String) },
      provenance: { source: 'dexscreener', chain: 'robinhood', chainId: 4663 },
    });
    const readable = await run(['market', 'pool', 'robinhood', DEX.PAIR_V3]);
    expect(readable.code).toBe(0);
    expect(readable.stdout).toMatch(/^LIVE from dexscreener/);
    expect(readable.stdout).toMatch(/\n {2}FDV: \$/);
    expect(readable.stdout).toMatch(/\n {2}change h24: [+-]\d/);
  });

  test('no invented value: fields the source leaves out are absent from the JSON and the table, never 0', async () => {
    d.dexscreener.omit.push('fdv', 'marketCap', 'liquidity', 'priceChange.h24');
    const r = await run(['market', 'pool', 'robinhood', DEX.PAIR_V3, '--json', '--fresh']);
    const data = json(r.stdout).data ?? {};
    for (const member of ['fdvUsd', 'marketCapUsd', 'liquidityUsd']) expect(data).not.toHaveProperty(member);
    expect(data.priceChangePct).not.toHaveProperty('h24');
    expect(data.priceChangePct).toHaveProperty('h1');
    const readable = await run(['market', 'pool', 'robinhood', DEX.PAIR_V3, '--fresh']);
    for (const line of ['FDV:', 'market cap:', 'liquidity:', 'change h24:'])
      expect(readable.stdout).not.toContain(line);
    const table = await run(['market', 'pairs', 'robinhood', DEX.EXM, '--fresh']);
    expect(table.code).toBe(0);
    const rows = table.stdout.split('\n').filter((l) => l.includes(DEX.PAIR_V3));
    expect(rows).toHaveLength(1);
    const cells = (rows[0] ?? '').trim().split(/\s{2,}/);
    // pair, dex, price, liquidity, volume, change 24h, buys/sells, pool
    expect(cells[3]).toBe('–');
    expect(cells[5]).toBe('–');
    expect(table.stdout).not.toMatch(/\$0\b|unknown|null/);
    expect(table.stdout).toContain('– = not reported by the source');
  });

  test('exit codes: 3 when no source has it, 2 for refused parameters (nothing sent), 1 when rate limited', async () => {
    const missing = await run(['market', 'pairs', 'robinhood', DEX.UNKNOWN]);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toMatch(/^UNAVAILABLE market\.token_pairs/);
    d.reset();
    const refused = await run([
      'market',
      'ohlcv',
      'robinhood',
      GT.pool,
      '--timeframe',
      'hour',
      '--aggregate',
      '5',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('INVALID_INPUT');
    expect(d.geckoterminal.paths).toEqual([]);
    d.geckoterminal.failNext.push({
      status: 429,
      body: { status: { error_code: 429, error_message: 'Rate limited' } },
    });
    const limited = await run(['market', 'trades', 'robinhood', GT.pool]);
    expect(limited.code).toBe(1);
    expect(limited.stdout).toContain('RATE_LIMITED');
  });

  test('market ohlcv prints candles oldest first; market quotes prints one row per source and no average', async () => {
    const candles = await run([
      'market',
      'ohlcv',
      'robinhood',
      GT.pool,
      '--timeframe',
      'hour',
      '--aggregate',
      '4',
      '--json',
    ]);
    expect(candles.code).toBe(0);
    const times = ((json(candles.stdout).data?.candles ?? []) as { time: number }[]).map((c) => c.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const quotes = await run(['market', 'quotes', 'robinhood', DEX.EXM]);
    expect(quotes.code).toBe(0);
    for (const source of ['coingecko', 'geckoterminal', 'dexscreener'])
      expect(quotes.stdout).toMatch(new RegExp(`^${source}\\s+LIVE\\s+\\d`, 'm'));
    expect(quotes.stdout).toContain('no average or consensus');
  });

  test('price: ETH and symbols; an ambiguous symbol exits 2 naming the candidates', async () => {
    const eth = await run(['price', 'ETH', '--json']);
    expect(eth.code).toBe(0);
    expect(json(eth.stdout)).toMatchObject({ data: { symbol: 'ETH', priceUsd: expect.any(String) } });
    const lookAlike = '0xa0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0';
    const pair = (address: string) => ({
      chainId: 'robinhood',
      dexId: 'uniswap',
      pairAddress: address === DEX.EXM ? DEX.PAIR_V3 : DEX.PAIR_V2,
      baseToken: { address, name: 'Example', symbol: 'EXM' },
      quoteToken: { address: DEX.WETH, name: 'Wrapped Ether', symbol: 'WETH' },
      priceNative: '0.0000124',
    });
    d.dexscreener.failNext.push({
      status: 200,
      body: { schemaVersion: '1.0.0', pairs: [pair(DEX.EXM), pair(lookAlike)] },
    });
    const ambiguous = await run(['price', 'EXM']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stdout).toContain(lookAlike);
    expect(ambiguous.stdout).toContain(DEX.EXM);
  });

  test('rankings state their rule and inputs', async () => {
    const r = await run(['market', 'gainers', '--min-liquidity', '0', '--limit', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('gainers: largest 24 h price change (priceChangePct.h24)');
    expect(r.stdout).toMatch(/inputs: market\.pools LIVE \(coingecko\)/);
    expect(r.stdout).toMatch(/^\s+1\s+EXM\/\S+\s+12\.8\s/m);
    expect(r.stdout).toMatch(/^\s+2\s+EXM\/USDC\s+12\.1\s/m);
  });
});

describe('security and stock-token commands', () => {
  test('security token and address; approvals are unavailable for the chain, with the reason', async () => {
    const token = await run(['security', 'token', DEX.EXM, '--json']);
    expect(token.code).toBe(0);
    expect(json(token.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'goplus' } });
    const approvals = await run(['security', 'approvals', DEX.EXM]);
    expect(approvals.code).toBe(3);
    expect(approvals.stdout).toContain('GoPlus approval security does not cover Robinhood Chain (4663)');
  });

  test('stocks quote passes the issuer JSON through; an unknown symbol is not found', async () => {
    const quote = await run(['stocks', 'quote', 'spy', '--json']);
    expect(quote.code).toBe(0);
    expect(json(quote.stdout)).toMatchObject({
      status: 'LIVE',
      data: { quotes: [{ tokenSymbol: 'SPY', bid: expect.any(String), ask: expect.any(String) }] },
    });
    const unknown = await run(['stocks', 'quote', 'NOPE']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('NOT_FOUND');
  });

  test('providers: every new provider is checked live or says which variable enables it; no key printed', async () => {
    const r = await run(['providers', '--json'], { ZERION_API_KEY: undefined });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      providers: { id: string; configured: boolean; reason?: string }[];
      health: Record<string, { status: string }>;
    };
    for (const id of ['dexscreener', 'geckoterminal', 'coingecko', 'goplus', 'robinhood-stocks'])
      expect([id, report.health[id]?.status]).toEqual([id, 'LIVE']);
    expect(report.providers.find((p) => p.id === 'zerion')).toMatchObject({
      configured: false,
      reason: 'not configured (ZERION_API_KEY)',
    });
    for (const key of Object.values(KEYS)) expect(r.stdout + r.stderr).not.toContain(key);
  });

  test('redaction: with every key set, error paths that echo a key print none', async () => {
    const echo = (key: string) => ({ status: 500, body: { error: `upstream failed for key ${key}` } });
    d.coingecko.failNext.push({
      status: 401,
      body: { status: { error_code: 10002, error_message: `Invalid API Key ${KEYS.coingecko}` } },
    });
    d.geckoterminal.failNext.push(echo(KEYS.coingecko));
    d.goplus.failNext.push({
      body: { code: 4012, message: `bad signature for ${KEYS.goplusKey} ${KEYS.goplusSecret}`, result: null },
    });
    const outputs = await Promise.all([
      run(['market', 'price', 'robinhood', DEX.EXM, '--fresh']),
      run(['security', 'token', DEX.EXM, '--fresh']),
      run(['wallet', 'inspect', `0x${'5'.repeat(40)}`], { ZERION_API_KEY: `${KEYS.zerion}x` }),
    ]);
    for (const r of outputs)
      for (const key of [...Object.values(KEYS), `${KEYS.zerion}x`])
        expect(r.stdout + r.stderr).not.toContain(key);
    expect(outputs[0]?.code).toBe(1);
  });
});

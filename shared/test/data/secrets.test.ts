// Secrets: the fixed variable set and where it is read from, and redaction. With keys set,
// every error path of every provider prints no key, also inside URLs; endpoints show `{key}`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { loadDataEnv } from '../../src/data/config/load-data-env.js';
import { BaseError } from '../../src/data/errors/base-error.js';
import { TOKEN, TX, UNKNOWN_TX, WALLET } from '../vendors/chain-fixtures.js';
import { publicRpcReplies } from '../vendors/public-rpc-server.js';
import { KEYS, fakeClock, startDoubles, type Doubles } from './doubles.js';

describe('loadDataEnv', () => {
  const root = mkdtempSync(join(tmpdir(), 'pkg-env-'));
  const project = join(root, 'project', 'sub');
  const config = join(root, 'config');
  mkdirSync(project, { recursive: true });
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, '.env'), 'ZERION_API_KEY=from-user\nGITHUB_TOKEN=user-token\n');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('without a project file: the user-level .env', () => {
    const { values, file } = loadDataEnv({ env: {}, cwd: project, configDir: config });
    expect(file).toBe(join(config, '.env'));
    expect(values).toEqual({ ZERION_API_KEY: 'from-user', GITHUB_TOKEN: 'user-token' });
  });

  test('the nearest .env.local or .env wins over the user file; only fixed names are read', () => {
    writeFileSync(
      join(root, 'project', '.env'),
      'ALCHEMY_API_KEY=from-dotenv\nSOMETHING_ELSE=nope\nPATH=/evil\n',
    );
    expect(loadDataEnv({ env: {}, cwd: project, configDir: config }).values).toEqual({
      ALCHEMY_API_KEY: 'from-dotenv',
    });
    writeFileSync(join(project, '.env.local'), 'ALCHEMY_API_KEY=from-local\n');
    expect(loadDataEnv({ env: {}, cwd: project, configDir: config }).values).toEqual({
      ALCHEMY_API_KEY: 'from-local',
    });
    expect(process.env.SOMETHING_ELSE).toBeUndefined();
  });

  test('PKG_ENV_FILE names the file; the process environment comes first', () => {
    const named = join(root, 'named.env');
    writeFileSync(named, 'ALCHEMY_API_KEY=from-named\nEXA_API_KEY=exa-named\n');
    const env = { PKG_ENV_FILE: named, EXA_API_KEY: 'from-process', UNRELATED: 'x' };
    expect(loadDataEnv({ env, cwd: project, configDir: config }).values).toEqual({
      ALCHEMY_API_KEY: 'from-named',
      EXA_API_KEY: 'from-process',
    });
  });
});

describe('BaseError', () => {
  test('strips credentials and query values from URLs and applies the redactor', () => {
    const error = new BaseError('failed https://u:p@host.example/v2/abc?apikey=zzz', {
      details: 'key sk_live_123456 leaked',
      redact: (t) => t.replaceAll('sk_live_123456', '{key}'),
    });
    expect(error.message).toMatchInlineSnapshot(`
      "failed https://host.example/v2/abc?apikey={redacted}
      Details: key {key} leaked"
    `);
  });
});

describe('redaction across every provider error path', () => {
  let d: Doubles;
  beforeAll(async () => {
    d = await startDoubles();
  });
  afterAll(() => d.close());
  beforeEach(() => d.reset());

  const secrets = Object.values(KEYS).flatMap((k) => [k, encodeURIComponent(k)]);
  const echo = (message: string) => ({
    status: 500,
    body: { jsonrpc: '2.0', id: 1, error: { code: -32603, message } },
  });

  test('auth failures, rate limits, 5xx, HTML, echoed URLs, not found, refusals, time-outs and guard refusals', async () => {
    const outputs: unknown[] = [];
    const run = async (
      env: Record<string, string | undefined>,
      fn: (c: ReturnType<typeof createDataClient>) => Promise<unknown>,
    ) => {
      const c = createDataClient({
        env: { ...d.env, ...env },
        clock: fakeClock(),
        timeoutMs: { explorer: 200, rpc: 200 },
      });
      outputs.push(await fn(c), c.providers.list(), await c.providers.health());
      await c.close();
    };
    // Upstreams that echo the URL, key included, inside their error messages.
    d.alchemy.failNext.push(echo(`upstream ${d.alchemy.origin}/v2/${KEYS.alchemy} failed`));
    d.quicknode.failNext.push(echo(`bad path /${KEYS.quicknode}/ (${encodeURIComponent(KEYS.quicknode)})`));
    d.edge.failNext.push(echo(`secret=${KEYS.edge} not accepted`));
    d.publicRpc.failNext.push(publicRpcReplies.interstitial);
    await run({}, (c) => c.chain.info());
    d.blockscout.failNext.push({
      status: 500,
      body: { message: `key ${KEYS.blockscout} rejected at /4663/api/v2?apikey=${KEYS.blockscout}` },
    });
    d.blockscout.failNext.push({
      status: 422,
      body: { message: `Invalid parameter(s) apikey=${KEYS.blockscout}` },
    });
    await run({}, (c) => c.explorer.counters({ address: WALLET }));
    // Wrong keys everywhere: 401s and 402s.
    await run(
      {
        ALCHEMY_API_KEY: `${KEYS.alchemy}x`,
        QUICKNODE_RPC_URL: d.env.QUICKNODE_RPC_URL?.replace(KEYS.quicknode, `${KEYS.quicknode}x`),
        EDGE_RPC_KEY: `${KEYS.edge}x`,
        BLOCKSCOUT_API_KEY: `${KEYS.blockscout}x`,
      },
      async (c) => [await c.chain.info(), await c.explorer.address({ address: WALLET })],
    );
    for (const rpc of [d.alchemy, d.quicknode, d.edge, d.publicRpc])
      rpc.failAll = publicRpcReplies.rateLimited;
    await run({}, (c) => c.onchain.balance({ address: WALLET }));
    d.reset();
    await run({}, async (c) => [
      await c.onchain.transaction({ hash: UNKNOWN_TX }),
      await c.onchain.call({ to: TOKEN, data: '0xdeadbeef' }),
      await c.onchain.trace({ hash: TX }),
    ]);
    // Connection refused (closed port) and guard refusals with keys in the URL.
    await run(
      {
        ALCHEMY_RPC_URL: 'http://127.0.0.1:9/v2/{key}',
        QUICKNODE_RPC_URL: `https://10.0.0.1/${KEYS.quicknode}/`,
        PKG_NET_ALLOW_PRIVATE: undefined,
      },
      (c) => c.chain.info(),
    );
    await run({ ALCHEMY_RPC_URL: 'http://127.0.0.1:9/v2/{key}' }, (c) => c.chain.info());
    const text = JSON.stringify(outputs);
    expect(text).toContain('{key}');
    expect(text).toContain('"status":"ERROR"');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  test('endpoints are displayed as templates', () => {
    const c = createDataClient({ env: d.env });
    const endpoints = Object.fromEntries(c.providers.list().map((p) => [p.id, p.endpoint]));
    expect(endpoints).toEqual({
      alchemy: `${d.alchemy.origin}/v2/{key}`,
      blockscout: `${d.blockscout.baseUrl}/api/v2/...?apikey={key}`,
      quicknode: `${d.quicknode.origin}/{key}/`,
      'edge-rpc': `${d.edge.origin}/standard/evm/4663?secret={key}`,
      'public-rpc': `${d.publicRpc.origin}/`,
      dexscreener: d.dexscreener.origin,
      coingecko: `${d.coingecko.baseUrl} (x-cg-demo-api-key: {key})`,
      geckoterminal: d.geckoterminal.baseUrl,
      goplus: `${d.goplus.baseUrl} (access token for app key {key})`,
      zerion: `${d.zerion.origin}/v1/... (Authorization: Basic {key})`,
      'robinhood-stocks': `${d.stocks.origin}/rhj/...`,
      openrouter: `${d.openrouter.baseUrl}/chat/completions (Authorization: Bearer {key})`,
      gemini: `${d.gemini.baseUrl}/models/{model}:generateContent (x-goog-api-key: {key})`,
      tavily: `${d.tavily.origin}/{search,extract,map} (Authorization: Bearer {key})`,
      exa: `${d.exa.origin}/{search,contents,findSimilar,answer} (x-api-key: {key})`,
      firecrawl: `${d.firecrawl.origin}/v2/{search,scrape,map} (Authorization: Bearer {key})`,
      github: `${d.github.origin} (Authorization: Bearer {key}; X-GitHub-Api-Version: 2022-11-28)`,
      'github-public': `${d.github.origin} (anonymous; X-GitHub-Api-Version: 2022-11-28)`,
      'github-raw': `${d.githubRaw.origin}/{owner}/{repo}/{ref}/{path} (no credentials)`,
      thegraph: `${d.thegraph.origin}/api/subgraphs/id/{subgraphId} (Authorization: Bearer {key})`,
      'sec-edgar': `${d.secEdgar.www.origin}/files/company_tickers.json, ${d.secEdgar.data.origin}/submissions/... (User-Agent from SEC_USER_AGENT)`,
      finnhub: expect.stringContaining(d.finnhub.baseUrl) as string,
      hyperliquid: expect.stringContaining(d.hyperliquid.origin) as string,
      'alternative-me': expect.stringContaining(d.alternativeMe.origin) as string,
      codex: expect.stringContaining(d.codex.origin) as string,
      polymarket: expect.stringContaining(d.polymarket.origin) as string,
      chainlink: expect.stringContaining(d.chainlinkCatalog.url) as string,
      defillama: expect.stringContaining(d.defillama.api.origin) as string,
      fred: `${d.fred.origin}/fred/series{,/observations}?series_id=…&api_key={key}&file_type=json`,
    });
  });
});

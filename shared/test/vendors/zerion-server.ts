// Double of the Zerion API (https://api.zerion.io): GET /v1/chains/,
// /v1/wallets/{address}/portfolio, /v1/wallets/{address}/positions/ and
// /v1/wallets/{address}/transactions/, HTTP Basic auth `base64("<key>:")`. Shapes follow Zerion's
// OpenAPI (`openapi_zerion.yaml`, copy in github.com/SAK1337/myzerionmcp) and
// https://developers.zerion.io/reference; errors per https://developers.zerion.io/reference/error-codes.
// Zerion's slug for Robinhood Chain is unknown: the double
// uses an illustrative slug, so that a provider assuming any slug would fail.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export const ZERION_SLUG = 'rh-chain-double';
export const ZERION_WALLET = '0x2222222222222222222222222222222222222222';
export const ZERION_CONTRACT = '0x3333333333333333333333333333333333333333';
export const ZERION_TOKEN = '0x4444444444444444444444444444444444444444';
const OTHER = '0x5555555555555555555555555555555555555555';
const ROUTER = '0x6666666666666666666666666666666666666666';

export interface ZerionCall {
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
}

export type { QueuedAnswer };

export interface ZerionDouble extends HttpDouble {
  calls: ZerionCall[];
  /** Requests whose path matches. */
  count: (path: RegExp) => number;
  /** Whether /v1/chains/ lists chain 4663, and under which slug. */
  chainListed: boolean;
  chainSlug: string;
  /** Addresses Zerion refuses (lower case), with the 4xx answer. */
  untrackable: Map<string, { status: number; detail: string }>;
  /** Addresses still being indexed: 202. */
  indexing: Set<string>;
  failNext: QueuedAnswer[];
  /**
   * Next links paged by `page[lastId]` and `page[lastTimestamp]`, as in the OpenAPI's example of
   * `WalletTransactionsResponseLinks.next`, instead of the documented `page[after]` parameter.
   */
  legacyLinks: boolean;
  reset: () => void;
}

const errors = (title: string, detail: string) => ({ errors: [{ title, detail }] });
const quantity = (int: string, decimals: number, numeric: string) => ({
  int,
  decimals,
  float: Number(numeric),
  numeric,
});
const chainRel = (origin: string, id: string) => ({
  links: { related: `${origin}/v1/chains/${id}` },
  data: { type: 'chains', id },
});

// GET /v1/chains/ — `ChainsResponse` (OpenAPI components.schemas.ChainsResponse, `Chain`,
// `ChainAttributes`: external_id is the chain id in hex); https://developers.zerion.io/reference/listchains
function chains(origin: string, double: ZerionDouble) {
  const chain = (id: string, externalId: string, name: string) => ({
    type: 'chains',
    id,
    attributes: {
      external_id: externalId,
      name,
      icon: { url: `https://chain-icons.example/${id}.png` },
      explorer: {
        name: `${name} explorer`,
        token_url_format: `https://explorer.example/${id}/token/{ADDRESS}`,
        tx_url_format: `https://explorer.example/${id}/tx/{HASH}`,
        home_url: `https://explorer.example/${id}`,
      },
      rpc: { public_servers_url: [`https://rpc.example/${id}`] },
      flags: { supports_trading: true, supports_sending: true, supports_bridge: true },
    },
    relationships: {
      native_fungible: {
        links: { related: `${origin}/v1/fungibles/eth` },
        data: { type: 'fungibles', id: 'eth' },
      },
    },
    links: { self: `${origin}/v1/chains/${id}` },
  });
  const data = [chain('ethereum', '0x1', 'Ethereum'), chain('base', '0x2105', 'Base')];
  if (double.chainListed) data.push(chain(double.chainSlug, '0x1237', 'Robinhood Chain'));
  return { links: { self: `${origin}/v1/chains/` }, data };
}

// GET /v1/wallets/{address}/portfolio — `WalletPortfolioResponse`
// (https://developers.zerion.io/reference/getwalletportfolio): totals by type and by chain, in USD.
function portfolio(origin: string, address: string, slug: string) {
  return {
    links: { self: `${origin}/v1/wallets/${address}/portfolio` },
    data: {
      type: 'portfolio',
      id: address,
      attributes: {
        positions_distribution_by_type: {
          wallet: 2650.5,
          deposited: 120,
          borrowed: 0,
          locked: 0,
          staked: 30,
        },
        positions_distribution_by_chain: { ethereum: 1300.25, base: 80.25, [slug]: 1420 },
        total: { positions: 2800.5 },
        changes: { absolute_1d: 42.5, percent_1d: 1.54 },
      },
    },
  };
}

// GET /v1/wallets/{address}/positions/ — `WalletPositionsResponse` / `WalletPositionContainer`
// (https://developers.zerion.io/reference/listwalletpositions). The USDG position leaves out
// `price` and has a null `value` and `changes` (an unpriced token), as the schema allows.
function positions(origin: string, address: string, slug: string) {
  return [
    {
      type: 'positions',
      id: `base-${slug}-asset-asset`,
      attributes: {
        parent: null,
        protocol: null,
        name: 'Asset',
        position_type: 'wallet',
        quantity: quantity('400000000000000000', 18, '0.4'),
        value: 1400,
        price: 3500,
        changes: { absolute_1d: 14.2, percent_1d: 1.02 },
        fungible_info: {
          name: 'Ethereum',
          symbol: 'ETH',
          description: null,
          icon: { url: 'https://token-icons.example/eth.png' },
          flags: { verified: true },
          implementations: [
            { chain_id: 'ethereum', decimals: 18 },
            { chain_id: slug, decimals: 18 },
          ],
        },
        flags: { displayable: true, is_trash: false },
        updated_at: '2026-10-01T11:59:00Z',
        updated_at_block: 1234567,
      },
      relationships: {
        chain: chainRel(origin, slug),
        fungible: {
          links: { related: `${origin}/v1/fungibles/eth` },
          data: { type: 'fungibles', id: 'eth' },
        },
      },
    },
    {
      type: 'positions',
      id: `${ZERION_TOKEN}-${slug}-asset-asset`,
      attributes: {
        parent: null,
        protocol: null,
        name: 'Asset',
        position_type: 'wallet',
        quantity: quantity('20000000', 6, '20'),
        value: null,
        changes: null,
        fungible_info: {
          name: 'Global Dollar',
          symbol: 'USDG',
          description: null,
          icon: null,
          flags: { verified: false },
          implementations: [{ chain_id: slug, address: ZERION_TOKEN, decimals: 6 }],
        },
        flags: { displayable: true, is_trash: false },
        updated_at: '2026-10-01T11:58:00Z',
        updated_at_block: 1234560,
      },
      relationships: {
        chain: chainRel(origin, slug),
        fungible: {
          links: { related: `${origin}/v1/fungibles/${ZERION_TOKEN}` },
          data: { type: 'fungibles', id: ZERION_TOKEN },
        },
      },
    },
    {
      type: 'positions',
      id: `${OTHER}-ethereum-aave-v3-deposit`,
      attributes: {
        parent: null,
        protocol: 'Aave V3',
        name: 'Asset',
        position_type: 'deposit',
        quantity: quantity('120000000', 6, '120'),
        value: 120,
        price: 1,
        changes: { absolute_1d: 0, percent_1d: 0 },
        fungible_info: {
          name: 'USD Coin',
          symbol: 'USDC',
          description: null,
          icon: null,
          flags: { verified: true },
          implementations: [{ chain_id: 'ethereum', address: OTHER, decimals: 6 }],
        },
        flags: { displayable: true, is_trash: false },
        updated_at: '2026-10-01T11:00:00Z',
        updated_at_block: 20000000,
        application_metadata: {
          name: 'Aave V3',
          icon: { url: 'https://icons.example/aave.png' },
          url: 'https://app.aave.com/',
        },
      },
      relationships: {
        chain: chainRel(origin, 'ethereum'),
        fungible: {
          links: { related: `${origin}/v1/fungibles/${OTHER}` },
          data: { type: 'fungibles', id: OTHER },
        },
        dapp: { data: { type: 'dapps', id: 'aave-v3' } },
      },
    },
  ];
}

// GET /v1/wallets/{address}/transactions/ — `WalletTransactionsResponse` /
// `WalletTransactionAttributes` (https://developers.zerion.io/reference/listwallettransactions),
// newest first. The approval has no transfers and a fee without a value.
function transactions(origin: string, address: string, slug: string) {
  const fee = (value: number | null) => ({
    fungible_info: { name: 'Ethereum', symbol: 'ETH', implementations: [{ chain_id: slug, decimals: 18 }] },
    quantity: quantity('21000000000000', 18, '0.000021'),
    price: 3500,
    value,
  });
  const tx = (n: number, chain: string, attributes: Record<string, unknown>) => ({
    type: 'transactions',
    id: `tx-${n}`,
    attributes: {
      hash: `0x${String(n).repeat(64).slice(0, 64)}`,
      mined_at_block: 1234500 - n,
      mined_at: `2026-10-01T1${n}:00:00+00:00`,
      sent_from: address,
      sent_to: ROUTER,
      status: 'confirmed',
      nonce: 40 - n,
      approvals: [],
      flags: { is_trash: false },
      ...attributes,
    },
    relationships: { chain: chainRel(origin, chain) },
  });
  return [
    tx(1, slug, {
      operation_type: 'trade',
      fee: fee(0.07),
      transfers: [
        {
          fungible_info: {
            name: 'Ethereum',
            symbol: 'ETH',
            implementations: [{ chain_id: slug, decimals: 18 }],
          },
          direction: 'out',
          quantity: quantity('100000000000000000', 18, '0.1'),
          value: 350,
          price: 3500,
          sender: address,
          recipient: ROUTER,
        },
        {
          fungible_info: {
            name: 'Global Dollar',
            symbol: 'USDG',
            implementations: [{ chain_id: slug, address: ZERION_TOKEN, decimals: 6 }],
          },
          direction: 'in',
          quantity: quantity('349500000', 6, '349.5'),
          value: 349.5,
          price: 1,
          sender: ROUTER,
          recipient: address,
        },
      ],
      application_metadata: {
        name: 'Uniswap',
        contract_address: ROUTER,
        method: { id: '0x3593564c', name: 'Execute' },
      },
    }),
    tx(2, 'ethereum', { operation_type: 'send', fee: fee(1.2), transfers: [] }),
    tx(3, slug, { operation_type: 'approve', fee: fee(null), transfers: [] }),
    tx(4, slug, {
      operation_type: 'receive',
      sent_from: OTHER,
      sent_to: address,
      fee: fee(0.05),
      transfers: [
        {
          fungible_info: {
            name: 'Global Dollar',
            symbol: 'USDG',
            implementations: [{ chain_id: slug, address: ZERION_TOKEN, decimals: 6 }],
          },
          direction: 'in',
          quantity: quantity('20000000', 6, '20'),
          value: null,
          price: null,
          sender: OTHER,
          recipient: address,
        },
      ],
    }),
  ];
}

const chainFilter = (query: Record<string, string>) => query['filter[chain_ids]']?.split(',');

export async function startZerionServer(key: string): Promise<ZerionDouble> {
  const expected = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const ref: { self?: ZerionDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as ZerionDouble;
    const { origin } = double;
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    double.calls.push({ path, query, authorization: req.headers.authorization });
    // 401 `UnauthenticatedError` (https://developers.zerion.io/reference/error-codes).
    if (req.headers.authorization !== expected)
      return sendJson(
        res,
        401,
        errors(
          'Unauthorized Error',
          'The API key is invalid, please, make sure that you are using a valid key',
        ),
      );
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    if (path === '/v1/chains/') return sendJson(res, 200, chains(origin, double));
    const wallet = path.match(/^\/v1\/wallets\/(0x[0-9a-fA-F]{40})\/(portfolio|positions\/|transactions\/)$/);
    if (!wallet) return sendJson(res, 404, errors('Requested resource was not found', `no route ${path}`));
    const address = wallet[1] ?? '';
    const refused = double.untrackable.get(address.toLowerCase());
    // The answer for contracts and system addresses is undocumented: the double answers the
    // configured 4xx with the JSON:API error body of every error.
    if (refused) return sendJson(res, refused.status, errors('Malformed parameter was sent', refused.detail));
    // 202 while a new wallet is being indexed (documented for NFT endpoints; seen on wallet ones).
    if (double.indexing.has(address.toLowerCase()))
      return sendJson(res, 202, { links: { self: `${origin}${path}` }, data: [] });
    const known = ['ethereum', 'base', ...(double.chainListed ? [double.chainSlug] : [])];
    const unknown = chainFilter(query)?.find((c) => !known.includes(c));
    // 400 `MalformedParameters` for a chain id Zerion does not know.
    if (unknown)
      return sendJson(
        res,
        400,
        errors('Malformed parameter was sent', `chain {${unknown}} is not supported`),
      );
    const slug = double.chainSlug;
    if (wallet[2] === 'portfolio') return sendJson(res, 200, portfolio(origin, address, slug));
    const chainsWanted = chainFilter(query);
    const keep = (item: { relationships: { chain: { data: { id: string } } } }) =>
      !chainsWanted || chainsWanted.includes(item.relationships.chain.data.id);
    if (wallet[2] === 'positions/')
      return sendJson(res, 200, {
        links: { self: `${origin}${path}` },
        data: positions(origin, address, slug).filter(keep),
      });
    const all = transactions(origin, address, slug).filter(keep);
    const size = Number(query['page[size]'] ?? '100');
    if (!Number.isInteger(size) || size < 1 || size > 100)
      return sendJson(
        res,
        400,
        errors('Malformed parameter was sent', 'page[size] must be between 1 and 100'),
      );
    const after = query['page[after]'];
    const lastId = query['page[lastId]'];
    const start = lastId
      ? all.findIndex((t) => t.id === lastId) + 1
      : after
        ? Number(Buffer.from(after, 'base64url').toString().replace('after:', ''))
        : 0;
    const page = all.slice(start, start + size);
    const links: Record<string, string> = { self: `${origin}${path}?${url.searchParams.toString()}` };
    if (start + size < all.length) {
      const next = new URL(`${origin}${path}`);
      for (const [name, value] of url.searchParams)
        if (!name.startsWith('page[')) next.searchParams.set(name, value);
      const last = page[page.length - 1];
      if (double.legacyLinks && last) {
        next.searchParams.set('page[lastId]', last.id);
        next.searchParams.set('page[lastTimestamp]', String(last.attributes.mined_at));
      } else {
        next.searchParams.set('page[after]', Buffer.from(`after:${start + size}`).toString('base64url'));
      }
      next.searchParams.set('page[size]', String(size));
      links.next = next.toString();
    }
    return sendJson(res, 200, { links, data: page });
  });
  const self: ZerionDouble = Object.assign(http, {
    calls: [] as ZerionCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    chainListed: true,
    chainSlug: ZERION_SLUG,
    untrackable: new Map<string, { status: number; detail: string }>(),
    indexing: new Set<string>(),
    failNext: [] as QueuedAnswer[],
    legacyLinks: false,
    reset() {
      self.calls.length = 0;
      self.chainListed = true;
      self.chainSlug = ZERION_SLUG;
      self.untrackable.clear();
      self.indexing.clear();
      self.failNext.length = 0;
      self.legacyLinks = false;
    },
  });
  ref.self = self;
  return self;
}

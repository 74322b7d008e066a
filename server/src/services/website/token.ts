// The project token's summary (docs/public-api.md, GET /v1/token; `/coin`, `/holders`, `/burned`
// and `/ca` of docs/bots.md, "Commands"). Every panel is a section with the provenance of the
// source it came from:
//   price       the configured pool read on chain, one project token in the pool's quote token
//   priceUsd    price × the quote token's USD price (both read by token-prices.ts, which the bots'
//               price alerts read too)
//   supply      totalSupply() and decimals() read on chain (onchain.call)
//   burned      balanceOf of each PROJECT_BURN_ADDRESSES read on chain, summed
//   marketCap   (total supply − burned) × price, in the quote token and, with priceUsd, in USD;
//               its provenance is the pool read's, its inputs are the three sections above
//   market      the pool as the DEX market provider lists it (market.pair): liquidity, volume
//   holders     the holder count of the explorer's record of the token address (explorer.address)
//   topHolders  the explorer's holder list (explorer.holders), dev wallets, burn addresses and the
//               pool (v4: the PoolManager, which holds every v4 pool's tokens) marked
//   devWallets  balanceOf of each PROJECT_DEV_WALLETS read on chain
//   contract    the configured address as the explorer indexed it (its verified name, if any)
// The sources are read at once; one failing never blanks a panel that does not depend on it. An
// unset variable makes its panels UNAVAILABLE naming it, before any request. No HTTP here.
import { dependentSection, served } from './source-section.js';
import { toSection, type Section, type V1Token } from '@pkg/shared';
import {
  formatDecimal,
  missingVariables,
  multiplyDecimals,
  notConfigured,
  parseDecimal,
  type MarketPool,
  type ProjectTokenPoolState,
  type Result,
} from '@pkg/shared/data';
import {
  amountOf,
  balanceRows,
  fromReads,
  percentOf,
  present,
  providerError,
  readBalances,
  readSupply,
  unavailable,
  type Balance,
  type Read,
  type Supply,
} from './token-reads.js';
import { readTokenPrices, type TokenPrices } from './token-prices.js';
import type { WebsiteDeps } from './website-deps.js';

/** Holders listed in `topHolders` (the explorer's first page has 50). */
export const TOP_HOLDERS = 20;

type Panel = Exclude<keyof V1Token, 'address'>;
type Data<K extends Panel> = NonNullable<V1Token[K]['data']>;

function marketCap(
  prices: TokenPrices,
  supply: Read<Supply>,
  burned: Read<Balance[]>,
): Section<Data<'marketCap'>> {
  const { pool, priceUsd } = prices;
  if (!served(pool)) return dependentSection('price', prices.price);
  const { priceInQuote, quoteToken } = pool.data as ProjectTokenPoolState;
  const inQuote = priceInQuote === undefined ? undefined : parseDecimal(priceInQuote);
  if (!inQuote) return unavailable('price: the pool holds nothing: no price');
  if (!supply.ok) return dependentSection('supply', supply.section);
  if (!burned.ok) return dependentSection('burned', burned.section);
  const circulating = supply.value.total - burned.value.reduce((sum, b) => sum + b.raw, 0n);
  if (circulating < 0n) return providerError('the burn addresses hold more than the total supply');
  const c = { n: circulating, scale: supply.value.decimals };
  const usd = priceUsd.data ? parseDecimal(priceUsd.data.quoteUsd) : undefined;
  return fromReads(
    [pool, ...supply.reads, ...burned.reads],
    present({
      circulating: formatDecimal(c),
      inQuote: multiplyDecimals(inQuote, c),
      quoteSymbol: quoteToken.symbol,
      usd: usd ? multiplyDecimals(inQuote, usd, c) : undefined,
    }),
  );
}

const marketPanel = (pair: Result): Section<Data<'market'>> =>
  toSection(pair, (v) => {
    const p = v as MarketPool;
    return present({
      pool: p.address,
      dex: p.dex,
      liquidityUsd: p.liquidityUsd,
      volumeUsd: p.volumeUsd,
      txns: p.txns,
      priceChangePct: p.priceChangePct,
      url: p.url,
    });
  });

/** Blockscout's address record (docs/data-layer.md: the explorer), the members read here. */
interface ExplorerAddress {
  name?: unknown;
  is_contract?: unknown;
  is_verified?: unknown;
  token?: { name?: unknown; symbol?: unknown; holders_count?: unknown; holders?: unknown };
}
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

function holdersPanel(record: Result, token: string): Section<Data<'holders'>> {
  if (!served(record)) return toSection<never>(record);
  const t = (record.data as ExplorerAddress).token;
  const count = text(t?.holders_count) ?? text(t?.holders);
  if (count === undefined || !/^\d+$/.test(count))
    return unavailable(`the explorer gives no holder count for ${token}`);
  return { status: record.status, data: { count: Number(count) }, provenance: record.provenance };
}

const contractPanel = (record: Result, token: string): Section<Data<'contract'>> =>
  toSection(record, (v) => {
    const a = v as ExplorerAddress;
    return present({
      address: token,
      isContract: flag(a.is_contract),
      verified: flag(a.is_verified),
      name: a.is_verified === true ? text(a.name) : undefined,
      tokenName: text(a.token?.name),
      symbol: text(a.token?.symbol),
    });
  });

type Role = 'dev' | 'burn' | 'pool';
interface HolderItem {
  address?: { hash?: unknown; name?: unknown; is_contract?: unknown };
  value?: unknown;
}

function topHoldersPanel(
  list: Result,
  roles: ReadonlyMap<string, Role>,
  supply: Read<Supply>,
): Section<Data<'topHolders'>> {
  return toSection(list, (v) => {
    const page = v as { items?: HolderItem[]; nextPage?: unknown };
    const items = (page.items ?? []).filter(
      (i) => typeof i.address?.hash === 'string' && typeof i.value === 'string' && /^\d+$/.test(i.value),
    );
    const holders = items.slice(0, TOP_HOLDERS).map((item, i) => {
      const address = String(item.address?.hash);
      const raw = BigInt(String(item.value));
      return present({
        rank: i + 1,
        address,
        raw: raw.toString(),
        amount: supply.ok ? amountOf(raw, supply.value.decimals) : undefined,
        percentOfSupply: supply.ok ? percentOf(raw, supply.value.total) : undefined,
        role: roles.get(address.toLowerCase()),
        name: text(item.address?.name),
        isContract: flag(item.address?.is_contract),
      });
    });
    return { holders, more: items.length > TOP_HOLDERS || page.nextPage !== undefined };
  });
}

function rolesOf(config: WebsiteDeps['projectToken']): Map<string, Role> {
  const roles = new Map<string, Role>();
  const pool = config.pool?.kind === 'address' ? config.pool.address : config.poolManager;
  if (pool) roles.set(pool.toLowerCase(), 'pool');
  for (const a of config.devWallets) roles.set(a.toLowerCase(), 'dev');
  for (const a of config.burnAddresses) roles.set(a.toLowerCase(), 'burn');
  return roles;
}

/** PROJECT_TOKEN_ADDRESS unset: every panel UNAVAILABLE naming it (and the pool's, where unset). */
function unconfigured(config: WebsiteDeps['projectToken']): V1Token {
  const token = unavailable(notConfigured(['PROJECT_TOKEN_ADDRESS']));
  const pool = unavailable(notConfigured(missingVariables(config, 'pool-state')));
  return {
    price: pool,
    priceUsd: pool,
    marketCap: pool,
    supply: token,
    burned: token,
    market: pool,
    holders: token,
    topHolders: token,
    devWallets: token,
    contract: token,
  };
}

export async function tokenSummary(deps: WebsiteDeps): Promise<V1Token> {
  const { data, projectToken: config } = deps;
  const token = config.token;
  if (!token) return unconfigured(config);
  const poolRef = config.pool && (config.pool.kind === 'v4' ? config.pool.id : config.pool.address);
  const [prices, supply, burned, dev, pair, record, list] = await Promise.all([
    readTokenPrices(deps),
    readSupply(data.run, token),
    readBalances(data.run, token, config.burnAddresses),
    readBalances(data.run, token, config.devWallets),
    poolRef ? data.market.pair({ address: poolRef }) : undefined,
    data.explorer.address({ address: token }),
    data.explorer.holders({ token }),
  ]);
  /** Balances in whole tokens: they need the supply's decimals; no address listed, the variable named. */
  const withSupply = <T>(read: Read<Balance[]>, variable: string, build: (b: Balance[], s: Supply) => T) => {
    if (!read.ok) return read.section;
    if (read.value.length === 0) return unavailable(notConfigured([variable]));
    if (!supply.ok) return dependentSection('supply', supply.section);
    return fromReads(read.reads, build(read.value, supply.value));
  };
  return {
    address: token,
    price: prices.price,
    priceUsd: prices.priceUsd,
    marketCap: marketCap(prices, supply, burned),
    supply: supply.ok
      ? fromReads(supply.reads, {
          decimals: supply.value.decimals,
          total: amountOf(supply.value.total, supply.value.decimals),
          totalRaw: supply.value.total.toString(),
        })
      : supply.section,
    burned: withSupply(burned, 'PROJECT_BURN_ADDRESSES', (balances, s) => {
      const raw = balances.reduce((sum, b) => sum + b.raw, 0n);
      return present({
        total: amountOf(raw, s.decimals),
        totalRaw: raw.toString(),
        percentOfSupply: percentOf(raw, s.total),
        addresses: balanceRows(balances, s),
      });
    }),
    market: pair ? marketPanel(pair) : unavailable(notConfigured(['PROJECT_TOKEN_POOL'])),
    holders: holdersPanel(record, token),
    topHolders: topHoldersPanel(list, rolesOf(config), supply),
    devWallets: withSupply(dev, 'PROJECT_DEV_WALLETS', (balances, s) => ({
      wallets: balanceRows(balances, s),
    })),
    contract: contractPanel(record, token),
  };
}

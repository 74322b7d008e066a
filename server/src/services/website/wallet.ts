// A wallet (docs/public-api.md, GET /v1/wallet/:address; the /wallet page): its token holdings
// from the balances source, a USD value only where a price source lists the token (amount ×
// price; else absent, never 0), and its recent token transfers. Holdings and transfers are
// sections; each holding's price (and its metadata, when looked up apart) is a section of its own
// with its source and time, or the reason there is none. Look-ups are bounded per answer
// (WALLET_LIMITS). The reading rules are pure, in wallet-holdings.ts.
import {
  toSection,
  type Holding,
  type HoldingList,
  type HoldingMetadata,
  type HoldingPrice,
  type Section,
  type V1Wallet,
} from '@pkg/shared';
import { DEFAULT_CHAIN, type Result, type TokenPrice } from '@pkg/shared/data';
import { mapBounded } from './fan-out.js';
import { served, sourceSection, whyNot } from './source-section.js';
import {
  amountOf,
  decimalsOf,
  holdingsOf,
  isFungible,
  transfersOf,
  valueOf,
  type RawHolding,
} from './wallet-holdings.js';
import type { WebsiteDeps } from './website-deps.js';

/**
 * Holdings listed per answer; holdings whose metadata and price are looked up (the first ones, in
 * the source's order), this many at a time; recent transfers shown.
 */
export const WALLET_LIMITS = { holdings: 50, lookups: 10, concurrency: 3, transfers: 20 } as const;

const unpriced = (code: string, reason: string): Section<HoldingPrice> => ({
  status: 'UNAVAILABLE',
  code,
  reason,
});

function metadataOf(value: unknown): HoldingMetadata {
  const m = value as { name?: unknown; symbol?: unknown; decimals?: unknown };
  const decimals = decimalsOf(m.decimals);
  return {
    ...(typeof m.name === 'string' && m.name !== '' ? { name: m.name } : {}),
    ...(typeof m.symbol === 'string' && m.symbol !== '' ? { symbol: m.symbol } : {}),
    ...(decimals !== undefined ? { decimals } : {}),
  };
}

function priceOf(value: unknown): HoldingPrice {
  const p = value as TokenPrice;
  return { priceUsd: p.priceUsd, ...(p.updatedAt !== undefined ? { updatedAt: p.updatedAt } : {}) };
}

/** One holding with its look-ups (metadata only when the balances source sent no decimals). */
async function lookUp(deps: WebsiteDeps, raw: RawHolding): Promise<Holding> {
  const fungible = isFungible(raw);
  const [meta, price] = await Promise.all([
    fungible && raw.decimals === undefined
      ? deps.data.tokens.metadata({ token: raw.token })
      : Promise.resolve(undefined as Result | undefined),
    fungible
      ? deps.data.market.tokenPrice({ network: DEFAULT_CHAIN, address: raw.token })
      : Promise.resolve(undefined as Result | undefined),
  ]);
  const metadata = meta ? sourceSection(meta, metadataOf) : undefined;
  return holding(
    { ...metadata?.data, ...raw },
    metadata,
    price
      ? sourceSection(price, priceOf)
      : unpriced('NOT_PRICED', 'a non-fungible holding has no unit price'),
  );
}

function holding(
  raw: RawHolding,
  metadata: Section<HoldingMetadata> | undefined,
  price: Section<HoldingPrice>,
): Holding {
  const { type: _type, ...fields } = raw;
  const amount = fields.tokenId === undefined ? amountOf(raw.balance, raw.decimals) : undefined;
  const valueUsd = valueOf(amount, price.data?.priceUsd);
  return {
    ...fields,
    ...(amount !== undefined ? { amount } : {}),
    ...(valueUsd !== undefined ? { valueUsd } : {}),
    ...(metadata ? { metadata } : {}),
    price,
  };
}

async function holdingsSection(deps: WebsiteDeps, balances: Result): Promise<Section<HoldingList>> {
  if (!served(balances)) return { ...toSection(balances), reason: whyNot(balances) };
  const read = holdingsOf(balances.data);
  const listed = read.holdings.slice(0, WALLET_LIMITS.holdings);
  const looked = await mapBounded(listed.slice(0, WALLET_LIMITS.lookups), WALLET_LIMITS.concurrency, (h) =>
    lookUp(deps, h),
  );
  const rest = listed
    .slice(WALLET_LIMITS.lookups)
    .map((h) =>
      holding(
        h,
        undefined,
        unpriced('NOT_LOOKED_UP', `only the first ${WALLET_LIMITS.lookups} holdings are priced per answer`),
      ),
    );
  // Valued holdings first, largest value first; the others keep the source's order.
  const holdings = [...looked, ...rest]
    .map((h, i) => ({ h, i }))
    .sort((a, b) => (b.h.valueUsd ?? -Infinity) - (a.h.valueUsd ?? -Infinity) || a.i - b.i)
    .map(({ h }) => h);
  const values = holdings.flatMap((h) => (h.valueUsd === undefined ? [] : [h.valueUsd]));
  const truncated = read.truncated || read.holdings.length > listed.length;
  return {
    status: balances.status,
    provenance: balances.provenance,
    data: {
      holdings,
      ...(values.length > 0 ? { valuedUsd: values.reduce((a, b) => a + b, 0) } : {}),
      unvalued: holdings.length - values.length,
      ...(truncated ? { truncated } : {}),
    },
  };
}

export async function walletAnswer(deps: WebsiteDeps, address: string): Promise<V1Wallet> {
  const [balances, transfers] = await Promise.all([
    deps.data.tokens.balances({ address }),
    deps.data.tokens.transfers({ address }),
  ]);
  return {
    address,
    holdings: await holdingsSection(deps, balances),
    transfers: sourceSection(transfers, (v) => transfersOf(v, address, WALLET_LIMITS.transfers)),
  };
}

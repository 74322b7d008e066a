// Zerion, the wallet-portfolio provider. Zerion names chains by its own slugs; the chain's slug is
// not guessed but resolved from GET /v1/chains/ (the chain whose `external_id` is the chain id,
// "0x1237" for 4663) and kept by the runtime. The portfolio total spans every chain Zerion tracks
// and says so; positions and transactions are filtered to the chain's slug.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { createZerionGet } from './http.js';
import { chainsSchema, portfolioSchema, positionsSchema, transactionsSchema } from './payloads.js';

export const PORTFOLIO_NOTE = 'Zerion totals span every chain it tracks, not only Robinhood Chain';
/** How long "Zerion does not list the chain" is believed before /v1/chains/ is asked again. */
const NOT_LISTED_TTL_MS = 3_600_000;
const DEFAULT_PAGE_SIZE = 20;

/** A chain id from `external_id`: hex ("0x1237") as Zerion sends it, or decimal. */
export function chainIdOf(externalId: string | null | undefined): number | undefined {
  const text = externalId?.trim() ?? '';
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^\d+$/.test(text)) return Number(text);
  return undefined;
}

const finite = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;
const text = (s: string | null | undefined) => (s ? s : undefined);

interface FungibleInfo {
  implementations?: { chain_id: string; address?: string | null | undefined }[] | null | undefined;
}

/** The token's contract on the chain (absent for the native coin, which has no address). */
function implementationOn(info: FungibleInfo | null | undefined, slug: string): string | undefined {
  return text(info?.implementations?.find((i) => i.chain_id === slug)?.address);
}

interface ChainRelationship {
  chain?: { data?: { id: string } | null | undefined } | null | undefined;
}
const onChain = (relationships: ChainRelationship | null | undefined, slug: string) => {
  const id = relationships?.chain?.data?.id;
  return id === undefined || id === slug;
};

/**
 * The cursor handed out is the next link's `page[after]` (the documented page parameter); a next
 * link paged by other `page[...]` members (the OpenAPI's older example) travels as `?<those>`.
 */
function cursorOf(next: string | null | undefined, base: string): string | undefined {
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return undefined;
  }
  const after = url.searchParams.get('page[after]');
  if (after) return after;
  const paging = [...url.searchParams].filter(([name]) => name.startsWith('page[') && name !== 'page[size]');
  return paging.length > 0 ? `?${new URLSearchParams(paging).toString()}` : undefined;
}

function cursorQuery(cursor: unknown): Record<string, string> {
  if (typeof cursor !== 'string' || cursor === '') return {};
  if (!cursor.startsWith('?')) return { 'page[after]': cursor };
  const paging = [...new URLSearchParams(cursor.slice(1))].filter(
    ([name]) => name.startsWith('page[') && name !== 'page[size]',
  );
  return Object.fromEntries(paging);
}

export const createZerionProvider: ProviderFactory = (endpoint, context) => {
  const get = createZerionGet(endpoint, context);
  const { chainId } = context;
  let known: { slug: string | undefined; at: number } | undefined;
  let pending: Promise<string | undefined> | undefined;

  const listChains = async () => {
    const chains = await get({ path: '/v1/chains/' }, chainsSchema);
    const slug = chains.data.find((c) => chainIdOf(c.attributes?.external_id) === chainId)?.id;
    known = { slug, at: Date.now() };
    return { count: chains.data.length, slug };
  };

  /** The chain's Zerion slug, or undefined when Zerion does not list the chain. */
  const resolveSlug = (): Promise<string | undefined> => {
    if (known && (known.slug !== undefined || Date.now() - known.at < NOT_LISTED_TTL_MS))
      return Promise.resolve(known.slug);
    pending ??= listChains()
      .then((r) => r.slug)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  const requireSlug = async (): Promise<string> => {
    const slug = await resolveSlug();
    if (slug === undefined)
      throw new NoDataError(`Zerion does not list chain ${chainId}`, { provider: 'zerion' });
    return slug;
  };

  return {
    handlers: {
      'wallet.portfolio': async (params) => {
        const address = String(params.address);
        const portfolio = await get(
          {
            path: `/v1/wallets/${address}/portfolio`,
            // Protocol positions count toward the total too, not only plain holdings.
            query: { currency: 'usd', 'filter[positions]': 'no_filter' },
            wallet: address,
          },
          portfolioSchema,
        );
        const a = portfolio.data.attributes;
        // The chain's share is a bonus: a failed look-up of the slug never fails the portfolio.
        const slug = await resolveSlug().catch(() => undefined);
        const byChain = a.positions_distribution_by_chain ?? undefined;
        return {
          data: compact({
            address,
            scope: 'all-chains',
            note: PORTFOLIO_NOTE,
            totalUsd: finite(a.total?.positions),
            byType: a.positions_distribution_by_type,
            byChain,
            change1dUsd: finite(a.changes?.absolute_1d),
            change1dPct: finite(a.changes?.percent_1d),
            onThisChainUsd: slug === undefined ? undefined : finite(byChain?.[slug]),
          }),
        };
      },
      'wallet.positions': async (params) => {
        const address = String(params.address);
        const slug = await requireSlug();
        const list = await get(
          {
            path: `/v1/wallets/${address}/positions/`,
            query: {
              currency: 'usd',
              'filter[chain_ids]': slug,
              // Wallet holdings and protocol positions (deposits, loans, staking), as Zerion's own client asks.
              'filter[positions]': 'no_filter',
              'filter[trash]': 'only_non_trash',
            },
            wallet: address,
          },
          positionsSchema,
        );
        const positions = list.data
          .filter((p) => onChain(p.relationships, slug))
          .map(({ attributes: a }) =>
            compact({
              name: text(a.fungible_info?.name) ?? text(a.name),
              symbol: text(a.fungible_info?.symbol),
              positionType: text(a.position_type),
              protocol: text(a.protocol),
              quantity: a.quantity.numeric,
              valueUsd: finite(a.value),
              priceUsd: finite(a.price),
              change1dPct: finite(a.changes?.percent_1d),
              tokenAddress: implementationOn(a.fungible_info, slug),
              updatedAt: text(a.updated_at),
            }),
          );
        return { data: { address, chain: slug, positions } };
      },
      'wallet.transactions': async (params) => {
        const address = String(params.address);
        const slug = await requireSlug();
        const pageSize = typeof params.pageSize === 'number' ? params.pageSize : DEFAULT_PAGE_SIZE;
        const list = await get(
          {
            path: `/v1/wallets/${address}/transactions/`,
            query: {
              ...cursorQuery(params.cursor),
              currency: 'usd',
              'filter[chain_ids]': slug,
              'page[size]': String(pageSize),
            },
            wallet: address,
          },
          transactionsSchema,
        );
        const transactions = list.data
          .filter((t) => onChain(t.relationships, slug))
          .map(({ attributes: a }) =>
            compact({
              hash: a.hash,
              operationType: text(a.operation_type),
              status: text(a.status),
              minedAt: text(a.mined_at),
              blockNumber: finite(a.mined_at_block),
              from: text(a.sent_from),
              to: text(a.sent_to),
              feeUsd: finite(a.fee?.value),
              transfers: a.transfers?.map((t) =>
                compact({
                  direction: t.direction,
                  symbol: text(t.fungible_info?.symbol),
                  quantity: t.quantity.numeric,
                  valueUsd: finite(t.value),
                  tokenAddress: implementationOn(t.fungible_info, slug) ?? text(t.nft_info?.contract_address),
                }),
              ),
            }),
          );
        return {
          data: compact({
            address,
            chain: slug,
            transactions,
            nextCursor: cursorOf(list.links?.next, endpoint.url),
          }),
        };
      },
    },
    health: async () => {
      const { count, slug } = await listChains();
      return compact({ chains: count, chain4663Listed: slug !== undefined, chainSlug: slug }) as Record<
        string,
        unknown
      >;
    },
  };
};

// Blockscout PRO API, the explorer/indexer: indexed transactions, token balances, holders and
// transfers, counters, verified source and ABI. Slow calls get the 30 s time-out and one retry
// (descriptor); echoed keys in `next_page_params` are dropped.
import { compact } from '../../compact.js';
import { NoDataError, NotFoundError } from '../../errors/data-errors.js';
import type { ProviderFactory, ProviderAnswer } from '../provider-types.js';
import {
  addressSchema,
  countersSchema,
  listSchema,
  smartContractSchema,
  tokenBalanceSchema,
  tokenSchema,
  transactionSchema,
} from './payloads.js';
import { createBlockscoutGet } from './rest.js';
import * as z from 'zod';

function page(list: z.infer<typeof listSchema>): ProviderAnswer {
  const next = list.next_page_params ? { ...list.next_page_params } : undefined;
  if (next) delete next.key;
  return { data: compact({ items: list.items, nextPage: next }) };
}

function token(t: z.infer<typeof tokenSchema>) {
  return compact({
    address: t.address_hash,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals ? Number(t.decimals) : undefined,
    type: t.type,
    totalSupply: t.total_supply,
    holders: t.holders_count,
  });
}

export const createBlockscoutProvider: ProviderFactory = (endpoint, context) => {
  const get = createBlockscoutGet(endpoint, context);
  const a = (params: Record<string, unknown>) => String(params.address);
  const t = (params: Record<string, unknown>) => String(params.token);
  return {
    handlers: {
      'tokens.balances': async (params) => {
        const items = await get(`/addresses/${a(params)}/token-balances`, z.array(tokenBalanceSchema));
        const balances = items
          .filter((i) => i.value !== '0')
          .map((i) =>
            compact({
              ...(token(i.token) as object),
              contract: i.token.address_hash,
              balance: i.value,
              tokenId: i.token_id,
            }),
          );
        return { data: { address: a(params), balances } };
      },
      'tokens.metadata': async (params) => {
        try {
          return { data: token(await get(`/tokens/${t(params)}`, tokenSchema)) };
        } catch (error) {
          if (error instanceof NotFoundError)
            throw new NoDataError(`the explorer has no token ${t(params)}`, { provider: 'blockscout' });
          throw error;
        }
      },
      'tokens.transfers': async (params) =>
        page(await get(`/addresses/${a(params)}/token-transfers`, listSchema)),
      'explorer.transaction': async (params) => ({
        data: compact(await get(`/transactions/${String(params.hash)}`, transactionSchema)),
      }),
      'explorer.address': async (params) => ({
        data: compact(await get(`/addresses/${a(params)}`, addressSchema)),
      }),
      'explorer.transactions': async (params) =>
        page(await get(`/addresses/${a(params)}/transactions`, listSchema)),
      'explorer.counters': async (params) => ({
        data: compact(await get(`/addresses/${a(params)}/counters`, countersSchema)),
      }),
      'explorer.holders': async (params) => page(await get(`/tokens/${t(params)}/holders`, listSchema)),
      'explorer.tokenTransfers': async (params) =>
        page(await get(`/tokens/${t(params)}/transfers`, listSchema)),
      'explorer.contract': async (params) => {
        const contract = await get(`/smart-contracts/${a(params)}`, smartContractSchema);
        if (!contract.is_verified)
          throw new NoDataError(`${a(params)} has no verified source`, { provider: 'blockscout' });
        return { data: compact({ address: a(params), ...contract }) };
      },
    },
    health: async () => {
      const stats = await get(
        '/stats',
        z.looseObject({ total_blocks: z.string().optional(), average_block_time: z.number().optional() }),
      );
      return compact({
        totalBlocks: stats.total_blocks,
        averageBlockTimeMs: stats.average_block_time,
      }) as Record<string, unknown>;
    },
  };
};

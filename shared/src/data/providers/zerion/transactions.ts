// `wallet.transactions`: the wallet's transactions on the chain, a page at a time (cursor.ts).
import type { z } from 'zod';
import { compact } from '../../compact.js';
import type { CapabilityHandler } from '../provider-types.js';
import { cursorOf, cursorQuery } from './cursor.js';
import { transactionsSchema } from './payloads.js';
import { finite, implementationOn, onChain, text } from './values.js';
import type { ZerionApi } from './zerion-api.js';

const DEFAULT_PAGE_SIZE = 20;

type Transaction = z.infer<typeof transactionsSchema>['data'][number];

function transactionOf({ attributes: a }: Transaction, slug: string) {
  return compact({
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
  });
}

export function transactions({ get, requireSlug, baseUrl }: ZerionApi): CapabilityHandler {
  return async (params) => {
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
    return {
      data: compact({
        address,
        chain: slug,
        transactions: list.data
          .filter((t) => onChain(t.relationships, slug))
          .map((t) => transactionOf(t, slug)),
        nextCursor: cursorOf(list.links?.next, baseUrl),
      }),
    };
  };
}

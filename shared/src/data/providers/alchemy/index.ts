// Alchemy, the primary RPC: core JSON-RPC plus token balances, token metadata and asset
// transfers. Debug and trace methods are refused on Robinhood (free tier / network), which the
// router records as unsupported so that traces go to QuickNode.
import { hexToBigInt, hexToNumber, type Hex } from 'viem';
import { compact } from '../../compact.js';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { createRpcRuntime } from '../rpc-core/create-rpc-runtime.js';
import type { JsonRpc } from '../rpc-core/json-rpc.js';
import { assetTransfersSchema, tokenBalancesSchema, tokenMetadataSchema } from './payloads.js';

const MAX_PAGES = 5;

function parse<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  value: unknown,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ProviderError('failure', `${what}: unexpected payload`, { provider: 'alchemy' });
  return result.data;
}

async function tokenBalances(rpc: JsonRpc, address: string) {
  const balances: Record<string, unknown>[] = [];
  let pageKey: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const options = pageKey ? [{ pageKey }] : [];
    const raw = parse(
      tokenBalancesSchema,
      await rpc('alchemy_getTokenBalances', [address, 'erc20', ...options]),
      'alchemy_getTokenBalances',
    );
    for (const item of raw.tokenBalances) {
      if (item.tokenBalance === null) continue;
      const balance = hexToBigInt(item.tokenBalance as Hex);
      if (balance > 0n) balances.push({ contract: item.contractAddress, balance: balance.toString() });
    }
    pageKey = raw.pageKey || undefined;
    if (!pageKey) break;
  }
  return { data: { address, balances, ...(pageKey ? { truncated: true } : {}) } };
}

async function transfers(rpc: JsonRpc, address: string) {
  const base = {
    category: ['erc20', 'erc721', 'erc1155'],
    order: 'desc',
    withMetadata: true,
    maxCount: '0x64',
  };
  const [sent, received] = await Promise.all(
    [{ fromAddress: address }, { toAddress: address }].map(async (side) =>
      parse(
        assetTransfersSchema,
        await rpc('alchemy_getAssetTransfers', [{ ...base, ...side }]),
        'alchemy_getAssetTransfers',
      ),
    ),
  );
  const all = [...(sent?.transfers ?? []), ...(received?.transfers ?? [])]
    .sort((a, b) => Number(hexToBigInt(b.blockNum as Hex) - hexToBigInt(a.blockNum as Hex)))
    .map((t) =>
      compact({
        hash: t.hash,
        blockNumber: hexToBigInt(t.blockNum as Hex).toString(),
        from: t.from,
        to: t.to,
        category: t.category,
        asset: t.asset,
        contract: t.rawContract.address,
        rawValue: t.rawContract.value ? hexToBigInt(t.rawContract.value as Hex).toString() : undefined,
        decimals: t.rawContract.decimal ? hexToNumber(t.rawContract.decimal as Hex) : undefined,
        tokenId: t.tokenId,
        timestamp: t.metadata?.blockTimestamp,
      }),
    );
  return { data: { address, transfers: all } };
}

export const createAlchemyProvider: ProviderFactory = (endpoint, context) =>
  createRpcRuntime(endpoint, context, (rpc) => ({
    'tokens.balances': (params) => tokenBalances(rpc, String(params.address)),
    'tokens.metadata': async (params) => {
      const token = String(params.token);
      const raw = parse(
        tokenMetadataSchema,
        await rpc('alchemy_getTokenMetadata', [token]),
        'alchemy_getTokenMetadata',
      );
      if (raw.name === null && raw.symbol === null && raw.decimals === null)
        throw new NoDataError(`no token metadata for ${token}`);
      return { data: compact({ address: token, ...raw }) };
    },
    'tokens.transfers': (params) => transfers(rpc, String(params.address)),
    'onchain.trace': async (params) => ({
      data: compact(await rpc('debug_traceTransaction', [String(params.hash), { tracer: 'callTracer' }])),
    }),
  }));

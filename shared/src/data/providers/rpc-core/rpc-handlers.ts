// The core JSON-RPC capabilities every RPC provider serves. Requests
// are encoded and responses decoded with viem (formatters, hex utilities, the ERC-20 ABI);
// balances, nonce and code are read at the head block the provider reported, and pinned to it.
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatBlock,
  formatEther,
  formatLog,
  formatTransaction,
  formatTransactionReceipt,
  hexToBigInt,
  hexToNumber,
  numberToHex,
  size,
  type Hex,
  type RpcBlock,
  type RpcLog,
  type RpcTransaction,
  type RpcTransactionReceipt,
} from 'viem';
import { CHAINS } from '../../chains.js';
import { compact } from '../../compact.js';
import { InvalidInputError, NoDataError, NotFoundError, ProviderError } from '../../errors/data-errors.js';
import type { CapabilityHandler, ProviderAnswer } from '../provider-types.js';
import type { JsonRpc } from './json-rpc.js';
import { rpcBlockHeadSchema } from './rpc-payloads.js';

const chain = CHAINS.robinhood;
const str = (params: Record<string, unknown>, key: string) => String(params[key]);
const toHex = (decimal: string) => numberToHex(BigInt(decimal));
/** At most this many blocks per eth_getLogs request from the SDK. */
export const MAX_LOG_SPAN = 10_000n;

async function head(rpc: JsonRpc): Promise<{ number: Hex; hash: Hex }> {
  const block = rpcBlockHeadSchema.safeParse(await rpc('eth_getBlockByNumber', ['latest', false]));
  if (!block.success) throw new ProviderError('failure', 'eth_getBlockByNumber(latest): no head block');
  return { number: block.data.number as Hex, hash: block.data.hash as Hex };
}

async function atHead(rpc: JsonRpc, read: (tag: Hex) => Promise<unknown>): Promise<ProviderAnswer> {
  const block = await head(rpc);
  const data = await read(block.number);
  return { data, blockNumber: hexToBigInt(block.number).toString(), blockHash: block.hash };
}

function blockAnswer(raw: RpcBlock): ProviderAnswer {
  const block = formatBlock(raw);
  return {
    data: compact({
      ...block,
      transactionCount: block.transactions.length,
      time: new Date(Number(block.timestamp) * 1000).toISOString(),
    }),
    ...(block.number !== null ? { blockNumber: block.number.toString() } : {}),
    ...(block.hash ? { blockHash: block.hash } : {}),
  };
}

async function readErc20(rpc: JsonRpc, token: Hex, tag: Hex) {
  const read = async (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') => {
    try {
      const data = encodeFunctionData({ abi: erc20Abi, functionName });
      const output = await rpc<Hex>('eth_call', [{ to: token, data }, tag]);
      if (output === '0x') return undefined;
      return decodeFunctionResult({ abi: erc20Abi, functionName, data: output });
    } catch {
      return undefined;
    }
  };
  const [name, symbol, decimals, totalSupply] = await Promise.all([
    read('name'),
    read('symbol'),
    read('decimals'),
    read('totalSupply'),
  ]);
  if (name === undefined && symbol === undefined && decimals === undefined && totalSupply === undefined)
    throw new NoDataError(`${token} answers none of the ERC-20 reads`);
  return compact({ address: token, name, symbol, decimals, totalSupply });
}

/** `chain.info`: the chain's id, head block and gas price, read together. */
function chainInfo(rpc: JsonRpc): CapabilityHandler {
  return async () => {
    const [id, number, gasPrice] = await Promise.all([
      rpc<Hex>('eth_chainId', []),
      rpc<Hex>('eth_blockNumber', []),
      rpc<Hex>('eth_gasPrice', []),
    ]);
    return {
      data: {
        chain: chain.key,
        name: chain.name,
        chainId: hexToNumber(id),
        nativeCurrency: chain.nativeCurrency,
        headBlock: hexToBigInt(number).toString(),
        gasPrice: hexToBigInt(gasPrice).toString(),
      },
    };
  };
}

/** `onchain.logs`: eth_getLogs over at most MAX_LOG_SPAN blocks, checked before the request. */
function queryLogs(rpc: JsonRpc): CapabilityHandler {
  return async (params) => {
    const from = BigInt(str(params, 'fromBlock'));
    const to = BigInt(str(params, 'toBlock'));
    if (to < from) throw new InvalidInputError('toBlock is before fromBlock');
    if (to - from + 1n > MAX_LOG_SPAN)
      throw new InvalidInputError(`at most ${MAX_LOG_SPAN} blocks per query`);
    const filter = {
      address: str(params, 'address'),
      fromBlock: numberToHex(from),
      toBlock: numberToHex(to),
      ...(Array.isArray(params.topics) ? { topics: params.topics as (Hex | null)[] } : {}),
    };
    const logs = await rpc<RpcLog[]>('eth_getLogs', [filter]);
    return { data: { count: logs.length, logs: logs.map((log) => compact(formatLog(log))) } };
  };
}

export function coreRpcHandlers(rpc: JsonRpc): Record<string, CapabilityHandler> {
  return {
    'chain.info': chainInfo(rpc),
    'onchain.block': async (params) => {
      const tag =
        params.block === 'latest' || params.block === undefined ? 'latest' : toHex(str(params, 'block'));
      const raw = await rpc<RpcBlock | null>('eth_getBlockByNumber', [tag, false]);
      if (!raw) throw new NotFoundError(`block ${String(params.block)} not found`);
      return blockAnswer(raw);
    },
    'onchain.transaction': async (params) => {
      const raw = await rpc<RpcTransaction | null>('eth_getTransactionByHash', [str(params, 'hash')]);
      if (!raw) throw new NotFoundError(`transaction ${str(params, 'hash')} not found`);
      return { data: compact(formatTransaction(raw)) };
    },
    'onchain.receipt': async (params) => {
      const raw = await rpc<RpcTransactionReceipt | null>('eth_getTransactionReceipt', [str(params, 'hash')]);
      if (!raw) throw new NotFoundError(`receipt of ${str(params, 'hash')} not found (unknown or pending)`);
      return { data: compact(formatTransactionReceipt(raw)) };
    },
    'onchain.balance': (params) =>
      atHead(rpc, async (tag) => {
        const wei = hexToBigInt(await rpc<Hex>('eth_getBalance', [str(params, 'address'), tag]));
        return {
          address: str(params, 'address'),
          wei: wei.toString(),
          ether: formatEther(wei),
          symbol: 'ETH',
        };
      }),
    'onchain.nonce': (params) =>
      atHead(rpc, async (tag) => ({
        address: str(params, 'address'),
        nonce: hexToNumber(await rpc<Hex>('eth_getTransactionCount', [str(params, 'address'), tag])),
      })),
    'onchain.code': (params) =>
      atHead(rpc, async (tag) => {
        const code = await rpc<Hex>('eth_getCode', [str(params, 'address'), tag]);
        return { address: str(params, 'address'), isContract: code !== '0x', size: size(code), code };
      }),
    'onchain.call': (params) =>
      atHead(rpc, async (tag) => ({
        to: str(params, 'to'),
        result: await rpc<Hex>('eth_call', [{ to: str(params, 'to'), data: str(params, 'data') }, tag]),
      })),
    'onchain.logs': queryLogs(rpc),
    'tokens.metadata': (params) =>
      atHead(rpc, (tag) => readErc20(rpc, str(params, 'token') as Hex, tag)).then((answer) => ({
        data: answer.data,
      })),
  };
}

export function rpcChainId(rpc: JsonRpc): () => Promise<number> {
  return async () => hexToNumber(await rpc<Hex>('eth_chainId', []));
}

// The JSON-RPC core shared by the RPC doubles: standard methods over the chain fixtures,
// single and batch requests, `id` echoed, `null` for unknown transactions and blocks, geth's
// -32601 for unknown methods, and switches for failures.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { numberToHex } from 'viem';
import {
  ROUTER,
  TOKEN,
  TX,
  HEAD,
  erc20Answers,
  rpcBlock,
  rpcReceipt,
  rpcTransaction,
  transferLog,
} from './chain-fixtures.js';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export type Reply = { status: number; body: unknown; headers?: Record<string, string>; raw?: string };
type Method = (params: unknown[]) => unknown;

export interface RpcDouble extends HttpDouble {
  url: string;
  /** Methods called, in order. */
  calls: string[];
  chainId: number;
  /** Answers the next requests with these replies instead (one each), then serves normally. */
  failNext: Reply[];
  /** Answers every request with this reply while set. */
  failAll: Reply | undefined;
}

/** A JSON-RPC error a method answers with (its code and message), over an HTTP status. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export function standardMethods(double: () => RpcDouble): Record<string, Method> {
  return {
    eth_chainId: () => numberToHex(double().chainId),
    eth_blockNumber: () => numberToHex(HEAD),
    eth_gasPrice: () => '0x989680',
    eth_getBlockByNumber: ([tag]) => {
      const n = tag === 'latest' ? HEAD : BigInt(String(tag));
      return n > HEAD ? null : rpcBlock(n);
    },
    eth_getTransactionByHash: ([hash]) => (hash === TX ? rpcTransaction : null),
    eth_getTransactionReceipt: ([hash]) => (hash === TX ? rpcReceipt : null),
    eth_getBalance: () => '0x6f05b59d3b20000',
    eth_getTransactionCount: () => '0x2a',
    eth_getCode: ([address]) =>
      String(address).toLowerCase() === TOKEN || String(address).toLowerCase() === ROUTER
        ? '0x6080604052348015600f57600080fd5b50'
        : '0x',
    eth_call: ([call]) => {
      const { to, data } = call as { to: string; data: string };
      if (to.toLowerCase() !== TOKEN) return '0x';
      const answer = erc20Answers[data.slice(0, 10)];
      if (!answer) throw new RpcError(3, 'execution reverted');
      return answer;
    },
    eth_getLogs: ([filter]) => {
      const { address, fromBlock, toBlock } = filter as {
        address: string;
        fromBlock: string;
        toBlock: string;
      };
      if (address.toLowerCase() !== TOKEN) return [];
      const logs = [];
      for (let n = BigInt(fromBlock); n <= BigInt(toBlock) && logs.length < 3; n++) logs.push(transferLog(n));
      return logs;
    },
  };
}

function answer(
  methods: Record<string, Method>,
  request: { id?: unknown; method?: string; params?: unknown[] },
) {
  const method = methods[request.method ?? ''];
  if (!method)
    return {
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32601, message: `the method ${request.method} does not exist/is not available` },
    };
  try {
    return { jsonrpc: '2.0', id: request.id, result: method(request.params ?? []) };
  } catch (error) {
    if (error instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: { code: error.code, message: error.message },
        status: error.status,
      };
    throw error;
  }
}

export async function startRpcDouble(input: {
  /** Vendor auth: a reply to refuse the request, or undefined to serve it. */
  authorize: (req: IncomingMessage, url: URL) => Reply | undefined;
  path: string;
  methods?: (double: () => RpcDouble) => Record<string, Method>;
}): Promise<RpcDouble> {
  const ref: { self?: RpcDouble } = {};
  const get = () => ref.self as RpcDouble;
  const methods = { ...standardMethods(get), ...(input.methods?.(get) ?? {}) };
  const write = (res: ServerResponse, reply: Reply) => {
    if (reply.raw !== undefined) {
      res.writeHead(reply.status, { 'content-type': 'text/html', ...reply.headers });
      res.end(reply.raw);
    } else sendJson(res, reply.status, reply.body, reply.headers);
  };
  const http = await startHttpDouble((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refused = input.authorize(req, url);
    if (refused) return write(res, refused);
    const queued = get().failNext.shift() ?? get().failAll;
    if (queued) return write(res, queued);
    const parsed = JSON.parse(body) as
      | { id?: unknown; method?: string; params?: unknown[] }
      | { id?: unknown; method?: string; params?: unknown[] }[];
    const requests = Array.isArray(parsed) ? parsed : [parsed];
    for (const r of requests) get().calls.push(r.method ?? '');
    const answers = requests.map((r) => answer(methods, r));
    const status = answers.find((a) => 'status' in a && typeof a.status === 'number')?.status ?? 200;
    const clean = answers.map(
      ({ status: _s, ...rest }: { status?: number } & Record<string, unknown>) => rest,
    );
    sendJson(res, status, Array.isArray(parsed) ? clean : clean[0]);
  });
  const self: RpcDouble = Object.assign(http, {
    url: `${http.origin}${input.path}`,
    calls: [],
    chainId: 4663,
    failNext: [],
    failAll: undefined,
  });
  ref.self = self;
  return self;
}

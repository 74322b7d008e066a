// Double of The Graph gateway (https://gateway.thegraph.com): POST /api/subgraphs/id/{subgraphId}
// with `Authorization: Bearer <key>` (https://thegraph.com/docs/en/subgraphs/querying/managing-api-keys/,
// "Using Your API Key"; https://thegraph.com/docs/en/gateways/subgraphs/consumer-side/serving-queries/).
// Like the real gateway (edgeandnode/gateway src/middleware/require_auth.rs, src/auth.rs,
// src/client_query.rs, src/errors.rs, src/graphql.rs), every gateway failure is HTTP 200 with a
// GraphQL `errors` array and no `data`; the texts are those of the vendor's documentation
// The legacy key-in-path route `/api/{key}/subgraphs/id/{id}` is accepted and recorded too, so
// that a test can prove it is never used. Values are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  type HttpDouble,
  type QueuedAnswer as SharedQueuedAnswer,
} from './http-double.js';

/** A subgraph the double serves (base58, as Graph Explorer shows ids). */
export const THEGRAPH_SUBGRAPH = 'Dx2Pq8RvLm4Kt7Nw9Yz3Bc5Fh6Jg1Ks2Ua4Wb8Xe7Rf';
/** A well-formed id the gateway does not know. */
export const THEGRAPH_UNKNOWN_SUBGRAPH = '9xYz8wVuTsRqPnMkJhGfEdCbA7654321abcdefghijkL';
/** A known subgraph no indexer is allocated to. */
export const THEGRAPH_UNALLOCATED_SUBGRAPH = 'Hn3bWdGDq6B1xQyY1Wf4VPLpWc8RXTKpyoQn7YK6Sz7T';

const TOKEN_A = '0x2222222222222222222222222222222222222222';
const TOKEN_B = '0x3333333333333333333333333333333333333333';
const TOKEN_C = '0x4444444444444444444444444444444444444444';

export interface ThegraphCall {
  path: string;
  method: string;
  authorization: string | undefined;
  userAgent: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
  raw: string;
}

/** Answers served in order, one a request, instead of the normal one. */
export type QueuedAnswer = Omit<SharedQueuedAnswer, 'match'>;

export interface ThegraphDouble extends HttpDouble {
  calls: ThegraphCall[];
  /** Answers served (in order) before the normal handling, after the auth check. */
  failNext: QueuedAnswer[];
  /** The next N queries answer `bad indexers: …`. */
  badIndexers: number;
  /** The next query answers data with a field error next to it (a partial answer). */
  partial: boolean;
  /** The next query answers `{"data": null}` with no errors. */
  nullData: boolean;
  reset: () => void;
}

const gatewayError = (message: string) => ({ errors: [{ message }] });

// Uniswap-v3-style `pools` and `tokens` entities as a subgraph answers them: BigInt and BigDecimal
// fields are strings, entity ids are lower-case addresses, nullable fields may be null
// (https://thegraph.com/docs/en/subgraphs/querying/graphql-api/ "Queries", GraphQL response
// format https://spec.graphql.org/October2021/#sec-Response-Format). Values are illustrative.
const POOLS = [
  {
    id: '0x5555555555555555555555555555555555555555',
    feeTier: '3000',
    liquidity: '1234567890123456789',
    sqrtPrice: '79228162514264337593543950336',
    tick: '0',
    token0: { id: TOKEN_A, symbol: 'AAA', decimals: '18' },
    token1: { id: TOKEN_B, symbol: 'BBB', decimals: '6' },
    totalValueLockedUSD: '1520340.125',
    volumeUSD: '98765432.5',
  },
  {
    id: '0x6666666666666666666666666666666666666666',
    feeTier: '500',
    liquidity: '0',
    sqrtPrice: '0',
    // A pool created but not initialized yet: `Pool.tick` is nullable and null.
    tick: null,
    token0: { id: TOKEN_B, symbol: 'BBB', decimals: '6' },
    token1: { id: TOKEN_C, symbol: 'CCC', decimals: '8' },
    totalValueLockedUSD: '0',
    volumeUSD: '0',
  },
];

const TOKEN_FIELDS = ['id', 'symbol', 'name', 'decimals'];
const TOKENS = [
  { id: TOKEN_A, symbol: 'AAA', name: 'Token A', decimals: '18' },
  { id: TOKEN_B, symbol: 'BBB', name: 'Token B', decimals: '6' },
];

/** graph-node's validation of `tokens { … }` selections: an unknown field of `Token`. */
function unknownTokenField(query: string): string | undefined {
  const selection = /\btokens\s*(?:\([^)]*\))?\s*\{([^{}]*)\}/.exec(query)?.[1];
  return selection?.match(/[_A-Za-z][_0-9A-Za-z]*/g)?.find((f) => !TOKEN_FIELDS.includes(f));
}

function bearerOf(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const match = /^Bearer (\S*)$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

export async function startThegraphServer(key: string): Promise<ThegraphDouble> {
  const ref: { self?: ThegraphDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as ThegraphDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = url.pathname;
    let body: ThegraphCall['body'];
    try {
      body = JSON.parse(raw) as ThegraphCall['body'];
    } catch {
      body = undefined;
    }
    double.calls.push({
      path,
      method: req.method ?? '',
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      contentType: req.headers['content-type'],
      body,
      raw,
    });
    const route = /^\/api\/(?:([^/]+)\/)?subgraphs\/id\/([^/]+)$/.exec(path);
    if (req.method !== 'POST' || !route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not Found');
    }
    const subgraphId = decodeURIComponent(route[2] ?? '');
    // Auth first, as the gateway's RequireAuthorization layer does; the legacy adapter moves a
    // path key into the header when there is none.
    const header = req.headers.authorization ?? (route[1] ? `Bearer ${route[1]}` : undefined);
    const token = bearerOf(header);
    // 200 `{"errors":[{"message":"auth error: missing authorization header"}]}` (no key).
    if (token === undefined)
      return sendJson(res, 200, gatewayError('auth error: missing authorization header'));
    if (token === null) return sendJson(res, 200, gatewayError('auth error: invalid authorization header'));
    // 200 `auth error: malformed API key` (wrong key format: Studio keys are 32 hex characters).
    if (!/^[0-9a-f]{32}$/i.test(token))
      return sendJson(res, 200, gatewayError('auth error: malformed API key'));
    // 200 `auth error: API key not found` (unknown key).
    if (token !== key) return sendJson(res, 200, gatewayError('auth error: API key not found'));

    const queued = double.failNext.shift();
    if (queued) return sendQueued(res, queued);
    if (!body || typeof body.query !== 'string')
      return sendJson(res, 200, gatewayError('bad query: missing field `query`'));
    // 200 `subgraph not found: no allocations` (no indexer serves it).
    if (subgraphId === THEGRAPH_UNALLOCATED_SUBGRAPH)
      return sendJson(res, 200, gatewayError('subgraph not found: no allocations'));
    // 200 `subgraph not found: <id>` (unknown subgraph id).
    if (subgraphId !== THEGRAPH_SUBGRAPH)
      return sendJson(res, 200, gatewayError(`subgraph not found: ${subgraphId}`));
    // 200 `bad indexers: {…}` (indexers failing; src/errors.rs `IndexerErrors` display).
    if (double.badIndexers > 0) {
      double.badIndexers -= 1;
      return sendJson(
        res,
        200,
        gatewayError(
          'bad indexers: {0x7777777777777777777777777777777777777777: BadResponse(no attestation: indexing_error), 0x8888888888888888888888888888888888888888: Unavailable(too far behind)}',
        ),
      );
    }
    // 200 with graph-node's validation error passed through (query invalid for the schema).
    const unknown = unknownTokenField(body.query);
    if (unknown)
      return sendJson(res, 200, {
        errors: [
          { message: `Type \`Token\` has no field \`${unknown}\``, locations: [{ line: 1, column: 20 }] },
        ],
      });
    if (double.nullData) {
      double.nullData = false;
      return sendJson(res, 200, { data: null });
    }
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const first = typeof variables.first === 'number' ? variables.first : POOLS.length;
    const data: Record<string, unknown> = {};
    if (/\bpools\b/.test(body.query)) data.pools = POOLS.slice(0, first);
    if (/\btokens\b/.test(body.query)) data.tokens = TOKENS;
    // A partial answer: data with a field error beside it (GraphQL response format, "errors"
    // with `path`), as graph-node sends when one root field fails.
    if (double.partial) {
      double.partial = false;
      return sendJson(res, 200, {
        data: { ...data, tokens: null },
        errors: [{ message: 'Store error: query timed out', path: ['tokens'] }],
      });
    }
    return sendJson(res, 200, { data });
  });
  const self: ThegraphDouble = Object.assign(http, {
    calls: [] as ThegraphCall[],
    failNext: [] as QueuedAnswer[],
    badIndexers: 0,
    partial: false,
    nullData: false,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.badIndexers = 0;
      self.partial = false;
      self.nullData = false;
    },
  });
  ref.self = self;
  return self;
}

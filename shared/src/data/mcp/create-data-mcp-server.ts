// The tool server over the data layer (`pkg mcp --data`): every SDK operation is an MCP tool
// whose input schema is the capability's zod schema (plus `fresh`), and whose result is the
// envelope as JSON text. Built with the official MCP TypeScript SDK; the caller connects a transport.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import {
  addressSchema,
  freshSchema,
  marketAddressSchema,
  networkSchema,
  txHashSchema,
} from '../../contract/params.js';
import { aiProviderSchema } from '../ai/ai-request.js';
import { feedsLatest, feedsLatestParams } from '../capabilities/chainlink.js';
import { DEFAULT_MIN_LIQUIDITY_USD, RANKINGS } from '../market/rankings.js';
import type { DataClient } from '../client.js';
import type { CompositeResult, Result } from '../../contract/result-schema.js';

export function toolName(capability: string): string {
  return capability
    .replace(/\./g, '_')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

function reply(result: Result | CompositeResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
    isError: result.status === 'ERROR',
  };
}

/** One tool per capability (but `ai.models`, registered with its own schema), by its zod schema. */
function registerCapabilities(server: McpServer, client: DataClient): void {
  for (const capability of client.capabilities) {
    if (capability.name === 'ai.models') continue;
    // ai_generate runs the explicit AI routing (the configured fallback included), so that an
    // agent can ask a second model by name; completions are never cached, so `fresh` is not offered.
    const inputSchema =
      capability.ttl === 'never' ? capability.params : capability.params.safeExtend({ fresh: freshSchema });
    server.registerTool(
      toolName(capability.name),
      { description: capability.summary, inputSchema },
      async (args: Record<string, unknown>) => reply(await client.run(capability.name, args)),
    );
  }
}

function registerAiModels(server: McpServer, client: DataClient): void {
  server.registerTool(
    'ai_models',
    {
      description:
        'The models of an AI provider (openrouter or gemini; default AI_PROVIDER): context length, pricing and features, optionally filtered by a text.',
      inputSchema: z.object({
        provider: aiProviderSchema.optional(),
        search: z
          .string()
          .max(200)
          .optional()
          .describe('only models whose id, name or description contains this'),
        fresh: freshSchema,
      }),
    },
    async (args) => reply(await client.ai.models(args)),
  );
}

/** The composites (`inspect.*`): each section its own envelope. */
function registerComposites(server: McpServer, client: DataClient): void {
  const composites = [
    [
      'inspect_transaction',
      'A transaction, its receipt, call trace and the explorer view, each a section.',
      { hash: txHashSchema },
      client.inspect.transaction,
    ],
    [
      'inspect_wallet',
      'A wallet: balance, nonce, token balances, transfers, counters, portfolio, positions and address security flags, each a section.',
      { address: addressSchema },
      client.inspect.wallet,
    ],
    [
      'inspect_token',
      'A token: metadata, holders, transfers, pairs, USD price and security flags, each a section.',
      { token: addressSchema },
      client.inspect.token,
    ],
    [
      'inspect_contract',
      'A contract: bytecode, explorer record and verified source, each a section.',
      { address: addressSchema },
      client.inspect.contract,
    ],
  ] as const;
  for (const [name, description, shape, fn] of composites) {
    const schema = z.object({ ...shape, fresh: freshSchema });
    server.registerTool(name, { description, inputSchema: schema }, async (args: Record<string, unknown>) =>
      reply(await (fn as unknown as (p: Record<string, unknown>) => Promise<CompositeResult>)(args)),
    );
  }
}

/** The layer's own market operations: a price by symbol, the quotes of every provider, rankings. */
function registerMarketOperations(server: McpServer, client: DataClient): void {
  server.registerTool(
    'market_price',
    {
      description:
        'A USD price by symbol on Robinhood Chain: ETH, a stock-token ticker from the issuer, or a symbol one token uses (an ambiguous symbol is INVALID_INPUT naming the candidates).',
      inputSchema: z.object({ symbol: z.string().min(1).max(20), fresh: freshSchema }),
    },
    async (args) => reply(await client.market.price(args)),
  );
  server.registerTool(
    'market_quotes',
    {
      description:
        'The USD price of a token from every provider that prices it, one section per source with its own status and provenance (no consensus value).',
      inputSchema: z.object({ network: networkSchema, address: marketAddressSchema, fresh: freshSchema }),
    },
    async (args) => reply(await client.market.quotes(args)),
  );
  server.registerTool(
    'market_rankings',
    {
      description:
        "Pools of a network ranked by one rule (gainers, losers, volume, volume-drop, volume-up, liquidity, txns), computed from the providers' per-pool fields; the result states the rule and its sources.",
      inputSchema: z.object({
        ranking: z.enum(RANKINGS),
        network: networkSchema,
        limit: z.number().int().min(1).max(100).default(20),
        minLiquidityUsd: z.number().nonnegative().default(DEFAULT_MIN_LIQUIDITY_USD),
        fresh: freshSchema,
      }),
    },
    async (args) => reply(await client.market.rankings(args)),
  );
}

export function createDataMcpServer(client: DataClient, info: { name: string; version: string }): McpServer {
  const server = new McpServer(info);
  registerCapabilities(server, client);
  registerAiModels(server, client);
  registerComposites(server, client);
  registerMarketOperations(server, client);
  server.registerTool(
    'feeds_latest',
    { description: feedsLatest.summary, inputSchema: feedsLatestParams.safeExtend({ fresh: freshSchema }) },
    async (args) => reply(await client.feeds.latest(args)),
  );
  server.registerTool(
    'providers_health',
    { description: 'Every data provider: configuration, eligibility and a live health check.' },
    async () => reply(await client.providers.health()),
  );
  return server;
}

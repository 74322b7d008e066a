// The Ask agent's tools (docs/public-api.md, "Ask"): a fixed table built once when the module is
// loaded, each tool a name, a description of what it returns, a zod schema of its arguments (the
// JSON Schema the model sees is generated from it) and a read-only run. The /v1 tools read the
// cached /v1 answers (deps.v1) with the endpoint's own parameter schema, so a question never
// costs more upstream calls than a page view. Nothing at run time adds, removes or changes a
// tool: the table and the definitions sent to the model are frozen.
import { toSection, V1_ENDPOINTS, type V1Name, type V1Params } from '@pkg/shared';
import type { AiTool } from '@pkg/shared/data';
import { z } from 'zod';
import type { AiDeps } from '../ai/ai-deps.js';

export interface AskTool {
  name: string;
  description: string;
  /** The arguments' schema; a call whose arguments do not parse is not run. */
  args: z.ZodType;
  /** Reads the data; `args` is the output of `args.parse`. */
  run: (deps: AiDeps, args: unknown) => Promise<unknown>;
}

/** The JSON Schema of a tool's arguments as the model sees it (the input side of the schema). */
function parametersOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

function v1Tool<K extends V1Name>(name: string, endpoint: K, returns: string): AskTool {
  return {
    name,
    description: `${returns} ${V1_ENDPOINTS[endpoint].description} Every panel is a section with its status and its source (provenance).`,
    args: V1_ENDPOINTS[endpoint].params,
    run: (deps, args) => deps.v1(endpoint, args as V1Params<K>),
  };
}

/** A symbol as the data layer's price by symbol takes it (docs/data-layer.md, "Market data"). */
const priceArgs = z
  .object({
    symbol: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9.$_-]{0,19}$/, 'a token symbol is 1 to 20 letters, digits or . $ _ -')
      .describe('a token symbol on the chain: ETH, a stock token symbol such as TSLA, or a token symbol'),
  })
  .strict();

const TOOLS: readonly AskTool[] = [
  v1Tool('project_token', 'token', 'The project token PKG: price, market cap, supply, liquidity, holders.'),
  v1Tool('token_live', 'tokenLive', 'The project token, live: pool state and recent swaps.'),
  {
    name: 'token_price',
    description:
      'A USD price by token symbol on the chain: ETH, a stock token by its ticker, or a token whose symbol is unambiguous; a section with the price, how the symbol was resolved, and its source.',
    args: priceArgs,
    run: async (deps, args) => toSection(await deps.data.market.price(args as z.infer<typeof priceArgs>)),
  },
  v1Tool('chain_overview', 'chain', 'The chain overview.'),
  v1Tool('stock_premiums', 'stocks', 'Stock token premiums.'),
  v1Tool('filings', 'filings', "A ticker's latest regulator filings."),
  v1Tool('odds', 'odds', 'Prediction-market odds.'),
  v1Tool('wallet', 'wallet', 'One wallet.'),
  v1Tool('contract_facts', 'contract', 'One contract.'),
  v1Tool('new_pools', 'screener', 'New pools on the chain with security flags.'),
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The tools by name (the only names a model's call may run). */
export const ASK_TOOLS: ReadonlyMap<string, AskTool> = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** What the model is given on every round: the same frozen definitions. */
export const ASK_TOOL_DEFINITIONS: readonly AiTool[] = deepFreeze(
  TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: parametersOf(tool.args),
  })),
);

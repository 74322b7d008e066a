// The server the AI features' tests run against (docs/public-api.md, "Holder pass", "Ask",
// "Contract explainer"): every vendor double, the chain double holding the project token's pools
// and balances, the project token configured, the OpenRouter double's model as AI_DEFAULT_MODEL,
// and the test's fake clock.
import type { ContractExplanation } from '@pkg/shared';
import {
  OPENROUTER_MODEL,
  UNISWAP_PKG,
  V3_PKG_USDC,
  fakeClock,
  startDoubles,
  startUniswapPoolsDouble,
  withOnlyRpc,
  type Doubles,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { startTestServer, type TestServer } from './start-test-server.js';

/**
 * Where the AI tests' fake clocks start: 12:00 UTC on a day after the real date, because the
 * store's TTL sweep runs on real time and would remove what the fake clock keeps as unexpired.
 */
export const AI_CLOCK_START = Date.UTC(2031, 2, 10, 12, 0, 0);

export const aiFakeClock = () => fakeClock(AI_CLOCK_START);

export const PROJECT_TOKEN_ENV = {
  PROJECT_TOKEN_ADDRESS: UNISWAP_PKG,
  PROJECT_TOKEN_POOL: V3_PKG_USDC.address,
};

export interface AiTestServer {
  d: Doubles;
  chain: UniswapPoolsDouble;
  server: TestServer;
  close: () => Promise<void>;
}

export async function startAiTestServer(
  clock: () => Date,
  env: Record<string, string> = {},
): Promise<AiTestServer> {
  const [d, chain] = await Promise.all([startDoubles(), startUniswapPoolsDouble()]);
  const server = await startTestServer({
    dataEnv: withOnlyRpc({ ...d.env, AI_DEFAULT_MODEL: OPENROUTER_MODEL }, chain.url),
    env: { ...PROJECT_TOKEN_ENV, ...env },
    clock,
  });
  return {
    d,
    chain,
    server,
    close: async () => {
      await server.close();
      await Promise.all([d.close(), chain.close()]);
    },
  };
}

/**
 * A valid explanation of ROUTER's verified interface (one function, `execute()`), as the model
 * returns it through OpenRouter's structured outputs (the JSON text is the message content).
 */
export const ROUTER_EXPLANATION: ContractExplanation = {
  summary: 'A router that runs a batch of swap commands for its caller.',
  functions: [{ signature: 'execute()', meaning: 'Runs the commands sent with the call; it accepts ETH.' }],
  flags: [],
};

/** Before each explainer test: fresh doubles, the model answering ROUTER_EXPLANATION, none stored. */
export async function resetExplainer({ d, server }: Pick<AiTestServer, 'd' | 'server'>): Promise<void> {
  d.reset();
  d.openrouter.structuredText = JSON.stringify(ROUTER_EXPLANATION);
  await server.deps.models.Explanation.deleteMany({});
}

// createDataClient(): the SDK. Reads the fixed environment, builds the provider slots, the
// router's state and the cache (client/client-core.ts), and binds every capability as a grouped
// operation (`chain.info`, `onchain.balance`, `tokens.metadata`, `explorer.contract`,
// `market.pair`, `security.token`, `wallet.portfolio`, `stocks.quote`, `inspect.wallet` ...), one
// file per family of groups under client/. Operations never throw: every answer is an envelope.
import { CAPABILITIES } from './capabilities/index.js';
import type { CapabilityDefinition } from './capabilities/define-capability.js';
import { inspectContract } from './capabilities/inspect-contract.js';
import { inspectToken } from './capabilities/inspect-token.js';
import { inspectTransaction } from './capabilities/inspect-transaction.js';
import { inspectWallet } from './capabilities/inspect-wallet.js';
import { accountOperations } from './client/account-operations.js';
import { chainOperations } from './client/chain-operations.js';
import { createClientCore } from './client/client-core.js';
import type { DataClientOptions } from './client/client-options.js';
import { contentOperations } from './client/content-operations.js';
import { marketOperations } from './client/market-operations.js';
import { operationBinders } from './client/operation-binders.js';
import { providersOffering } from './client/providers-offering.js';
import { createRun } from './client/run-capability.js';
import { sourceOperations } from './client/source-operations.js';
import { checkProviders, listProviders } from './providers/provider-health.js';

export type { DataClientOptions, FreshOption } from './client/client-options.js';

export function createDataClient(options: DataClientOptions = {}) {
  const core = createClientCore(options);
  const { env, clock, chain, redact, fetcher, slots, states } = core;
  const run = createRun(core);
  const bind = operationBinders(run);
  const { composite } = bind;
  return {
    ...chainOperations(bind),
    ...marketOperations(bind, { chain, clock, offering: providersOffering(core) }),
    ...accountOperations(bind),
    ...contentOperations(bind, env),
    ...sourceOperations(bind, clock),
    inspect: {
      transaction: composite<{ hash: string }>(inspectTransaction),
      wallet: composite<{ address: string }>(inspectWallet),
      token: composite<{ token: string }>(inspectToken),
      contract: composite<{ address: string }>(inspectContract),
    },
    providers: {
      list: () => listProviders(slots, states, chain),
      health: () => checkProviders({ slots, states, chain, clock, redact }),
    },
    /** Runs a capability by name (the tool server uses it). */
    run,
    capabilities: Object.values(CAPABILITIES) as CapabilityDefinition[],
    redact,
    close: () => fetcher.close(),
  };
}

export type DataClient = ReturnType<typeof createDataClient>;

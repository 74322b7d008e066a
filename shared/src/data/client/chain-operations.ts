// The chain's operations: `chain.info`, the RPC reads (`onchain.*`), token reads (`tokens.*`) and
// the explorer's indexed views (`explorer.*`).
import { CAPABILITIES as c } from '../capabilities/index.js';
import type { OperationBinders } from './operation-binders.js';

export function chainOperations({ op, freshOnly }: OperationBinders) {
  return {
    chain: { info: freshOnly(c.chainInfo.name) },
    onchain: {
      block: op(c.getBlock),
      transaction: op(c.getTransaction),
      receipt: op(c.getReceipt),
      balance: op(c.getBalance),
      nonce: op(c.getNonce),
      code: op(c.getCode),
      call: op(c.callContract),
      logs: op(c.queryLogs),
      trace: op(c.traceTransaction),
    },
    tokens: {
      balances: op(c.getTokenBalances),
      metadata: op(c.getTokenMetadata),
      transfers: op(c.getAssetTransfers),
    },
    explorer: {
      transaction: op(c.getIndexedTransaction),
      address: op(c.getIndexedAddress),
      transactions: op(c.getAddressTransactions),
      counters: op(c.getAddressCounters),
      holders: op(c.getTokenHolders),
      tokenTransfers: op(c.getTokenTransfers),
      contract: op(c.getVerifiedContract),
    },
  };
}

// The capability table of the chain scope: every capability, in the order the SDK lists them.
import { callContract } from './call-contract.js';
import { chainInfo } from './chain-info.js';
import type { CapabilityDefinition } from './define-capability.js';
import { getAddressCounters } from './get-address-counters.js';
import { getAddressTransactions } from './get-address-transactions.js';
import { getAssetTransfers } from './get-asset-transfers.js';
import { getBalance } from './get-balance.js';
import { getBlock } from './get-block.js';
import { getCode } from './get-code.js';
import { getIndexedAddress } from './get-indexed-address.js';
import { getIndexedTransaction } from './get-indexed-transaction.js';
import { getNonce } from './get-nonce.js';
import { getReceipt } from './get-receipt.js';
import { getTokenBalances } from './get-token-balances.js';
import { getTokenHolders } from './get-token-holders.js';
import { getTokenMetadata } from './get-token-metadata.js';
import { getTokenTransfers } from './get-token-transfers.js';
import { getTransaction } from './get-transaction.js';
import { getVerifiedContract } from './get-verified-contract.js';
import { queryLogs } from './query-logs.js';
import { traceTransaction } from './trace-transaction.js';

export const CAPABILITIES = {
  chainInfo,
  getBlock,
  getTransaction,
  getReceipt,
  getBalance,
  getNonce,
  getCode,
  callContract,
  queryLogs,
  traceTransaction,
  getTokenBalances,
  getTokenMetadata,
  getAssetTransfers,
  getIndexedTransaction,
  getIndexedAddress,
  getAddressTransactions,
  getAddressCounters,
  getTokenHolders,
  getTokenTransfers,
  getVerifiedContract,
} as const satisfies Record<string, CapabilityDefinition>;

/** Core JSON-RPC capabilities every RPC provider serves. */
export const CORE_RPC = [
  'chain.info',
  'onchain.block',
  'onchain.transaction',
  'onchain.receipt',
  'onchain.balance',
  'onchain.nonce',
  'onchain.code',
  'onchain.call',
  'onchain.logs',
  'tokens.metadata',
] as const;

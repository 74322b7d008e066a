// Chain state served by the RPC doubles. Shapes follow the Ethereum JSON-RPC spec
// (https://ethereum.org/en/developers/docs/apis/json-rpc/) with the Arbitrum Nitro additions
// (https://docs.arbitrum.io/build-decentralized-apps/arbitrum-vs-ethereum/rpc-methods):
// l1BlockNumber, sendCount, sendRoot on blocks, gasUsedForL1 on receipts. Values are test data.
import { encodeAbiParameters, encodeEventTopics, erc20Abi, numberToHex, pad } from 'viem';

export const HEAD = 79_282_848n;
export const WALLET = '0x1f0c2a3b4c5d6e7f8091a2b3c4d5e6f708192a42';
export const TOKEN = '0x5fc5360d0400a0fd4f2af552add042d716f1d168';
export const ROUTER = '0x8876789976decbfcbbbe364623c63652db8c0904';
export const TX = `0x9ab4${'1'.repeat(58)}7c`;
export const UNKNOWN_TX = `0x${'0'.repeat(63)}1`;
export const BLOCK_HASH = `0x5d1e${'2'.repeat(58)}a9`;

export function rpcBlock(number: bigint) {
  return {
    number: numberToHex(number),
    hash: number === HEAD ? BLOCK_HASH : pad(numberToHex(number), { size: 32 }),
    parentHash: `0x77c0${'3'.repeat(58)}13`,
    timestamp: '0x6912f3a4',
    gasLimit: '0x4000000000000',
    gasUsed: '0x2c1f8',
    baseFeePerGas: '0x989680',
    difficulty: '0x1',
    miner: '0xa4b000000000000000000073657175656e636572',
    l1BlockNumber: '0x16c2f11',
    sendCount: '0x1a2',
    sendRoot: `0x3b9f${'4'.repeat(58)}e0`,
    extraData: `0x3b9f${'4'.repeat(58)}e0`,
    mixHash: '0x00000000000001a20000000016c2f11000000000000000000000000000000000',
    nonce: '0x0000000000000000',
    logsBloom: `0x${'0'.repeat(512)}`,
    receiptsRoot: `0x${'5'.repeat(64)}`,
    stateRoot: `0x${'6'.repeat(64)}`,
    transactionsRoot: `0x${'7'.repeat(64)}`,
    sha3Uncles: `0x${'8'.repeat(64)}`,
    size: '0x2c3',
    transactions: [`0x0f2c${'9'.repeat(58)}01`, TX],
    uncles: [],
  };
}

export const rpcTransaction = {
  hash: TX,
  blockHash: BLOCK_HASH,
  blockNumber: numberToHex(HEAD),
  transactionIndex: '0x1',
  from: WALLET,
  to: ROUTER,
  value: '0x38d7ea4c68000',
  gas: '0x33b2f',
  gasPrice: '0x989680',
  maxFeePerGas: '0x1312d00',
  maxPriorityFeePerGas: '0x0',
  input: '0x3593564c',
  nonce: '0x2a',
  type: '0x2',
  chainId: '0x1237',
  v: '0x1',
  r: `0x${'a'.repeat(64)}`,
  s: `0x${'b'.repeat(64)}`,
  yParity: '0x1',
  accessList: [],
};

export const rpcReceipt = {
  transactionHash: TX,
  transactionIndex: '0x1',
  blockHash: BLOCK_HASH,
  blockNumber: numberToHex(HEAD),
  from: WALLET,
  to: ROUTER,
  contractAddress: null,
  cumulativeGasUsed: '0x2c1f8',
  gasUsed: '0x2b3a0',
  gasUsedForL1: '0x1d4c',
  l1BlockNumber: '0x16c2f11',
  effectiveGasPrice: '0x989680',
  status: '0x1',
  type: '0x2',
  logs: [],
  logsBloom: `0x${'0'.repeat(512)}`,
};

export function transferLog(blockNumber: bigint) {
  return {
    address: TOKEN,
    topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: WALLET, to: ROUTER } }),
    data: encodeAbiParameters([{ type: 'uint256' }], [1_500_000n]),
    blockNumber: numberToHex(blockNumber),
    blockHash: pad(numberToHex(blockNumber), { size: 32 }),
    transactionHash: TX,
    transactionIndex: '0x1',
    logIndex: '0x5',
    removed: false,
  };
}

/** ERC-20 reads of the token contract, ABI-encoded as a node answers eth_call. */
export const erc20Answers: Record<string, `0x${string}`> = {
  '0x06fdde03': encodeAbiParameters([{ type: 'string' }], ['Global Dollar']),
  '0x95d89b41': encodeAbiParameters([{ type: 'string' }], ['USDG']),
  '0x313ce567': encodeAbiParameters([{ type: 'uint8' }], [6]),
  '0x18160ddd': encodeAbiParameters([{ type: 'uint256' }], [125_000_000_000_000n]),
};

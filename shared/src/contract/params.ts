// Parameter grammar shared by the data SDK's capabilities and the /v1 shapes. Browser-safe: zod only.
import * as z from 'zod';
import { ADDRESS_PATTERN, MARKET_ADDRESS_PATTERN, NETWORK_PATTERN } from '../schemas/patterns.js';

export const addressSchema = z
  .string()
  .regex(ADDRESS_PATTERN, 'an address is 0x followed by 40 hex digits')
  .describe('0x-prefixed 20-byte address');
export const txHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash is 0x followed by 64 hex digits')
  .describe('0x-prefixed 32-byte transaction hash');
export const blockNumberSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, 'a block number is a decimal integer')
  .describe('decimal block number');
export const freshSchema = z.boolean().optional().describe('bypass the cache and fetch again');

const networkIdSchema = z
  .string()
  .regex(NETWORK_PATTERN, 'a network is an id such as robinhood, eth, base or solana');
/** A market network: the supported chain's key (the default) or a provider's own network id. */
export const networkSchema = networkIdSchema
  .default('robinhood')
  .describe('market network: robinhood (the supported chain, default) or a provider network id such as eth');
/** A market network that may be left out: then every network (a search across chains). */
export const anyNetworkSchema = networkIdSchema
  .optional()
  .describe('only this market network (default: every network)');
/**
 * A token or pool on a market network: an EVM address (0x + 40 hex), a Uniswap v4 pool id
 * (0x + 64 hex), or a base58 address of a non-EVM network (Solana: 32 to 44 characters).
 */
export const marketAddressSchema = z
  .string()
  .regex(
    MARKET_ADDRESS_PATTERN,
    'an address is 0x + 40 hex digits (0x + 64 for a v4 pool id), or a base58 address',
  )
  .describe('token or pool address: 0x + 40 hex, a v4 pool id (0x + 64 hex), or base58');
/** A page of a provider's list (pool lists: 1 to 10). */
export const pageSchema = z.number().int().min(1).max(10).optional().describe('page, 1 to 10');

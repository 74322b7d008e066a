// Parameter grammar shared by the chain capabilities.
import { z } from 'zod';

export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x followed by 40 hex digits')
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

// JSON-RPC envelope (https://www.jsonrpc.org/specification) and the block fields the layer
// reads itself; everything else is decoded by viem's formatters.
import * as z from 'zod';

export const rpcErrorSchema = z.looseObject({
  code: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** `error` may be a bare string on the public RPC's 429. */
export const rpcResponseSchema = z.looseObject({
  jsonrpc: z.literal('2.0').optional(),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  result: z.unknown().optional(),
  error: z.union([rpcErrorSchema, z.string()]).optional(),
});

export const hexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/);

export const rpcBlockHeadSchema = z.looseObject({ number: hexSchema, hash: hexSchema });

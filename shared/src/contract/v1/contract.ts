// GET /v1/contract/:address (docs/public-api.md): a contract's verified name, functions and
// events from the explorer, and its automated security flags; each a section.
import { toEventSignature, toFunctionSignature, type AbiEvent, type AbiFunction } from 'viem';
import * as z from 'zod';
import { ADDRESS_PATTERN } from '../../schemas/patterns.js';
import { sectionSchema } from './sections.js';

export const v1AddressSchema = z
  .string()
  .regex(ADDRESS_PATTERN, 'an address is 0x followed by 40 hex digits');

export const contractInterfaceSchema = z
  .object({
    address: z.string(),
    name: z.string().optional(),
    language: z.string().optional(),
    compilerVersion: z.string().optional(),
    /** Function signatures, e.g. `transfer(address,uint256)`, with their mutability. */
    functions: z.array(z.object({ signature: z.string(), stateMutability: z.string().optional() }).strict()),
    /** Event signatures, e.g. `Transfer(address,address,uint256)`. */
    events: z.array(z.string()),
  })
  .strict();
export type ContractInterface = z.infer<typeof contractInterfaceSchema>;

export const v1ContractSchema = z
  .object({
    address: z.string(),
    verified: sectionSchema(contractInterfaceSchema),
    security: sectionSchema(z.record(z.string(), z.unknown())),
  })
  .strict();
export type V1Contract = z.infer<typeof v1ContractSchema>;

interface AbiEntry {
  type?: unknown;
  name?: unknown;
  stateMutability?: unknown;
}

/** Function and event signatures of an ABI as the explorer sent it (entries it cannot read are skipped). */
export function contractInterfaceOf(
  abi: readonly unknown[],
): Pick<ContractInterface, 'functions' | 'events'> {
  const functions: ContractInterface['functions'] = [];
  const events: string[] = [];
  for (const raw of abi) {
    const entry = raw as AbiEntry;
    if (typeof entry !== 'object' || entry === null || typeof entry.name !== 'string') continue;
    try {
      if (entry.type === 'function')
        functions.push({
          signature: toFunctionSignature(raw as AbiFunction),
          ...(typeof entry.stateMutability === 'string' ? { stateMutability: entry.stateMutability } : {}),
        });
      else if (entry.type === 'event') events.push(toEventSignature(raw as AbiEvent));
    } catch {
      // An entry viem cannot format is not a signature the explorer verified: left out.
    }
  }
  return { functions, events };
}

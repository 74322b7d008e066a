// The registry's trust procedures (docs/trust.md, "Endpoints"): trust.keys, log.checkpoint,
// log.inclusion and log.consistency, over the same tRPC endpoint and link as the typed client.
// Every answer is parsed with the shared schemas before anything is checked. A registry without
// these procedures does not sign versions yet: that is its own error, REGISTRY_UNSIGNED.
import { createTRPCUntypedClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@pkg/server/router';
import {
  checkpointOutputSchema,
  consistencyOutputSchema,
  inclusionOutputSchema,
  registryKeysOutputSchema,
  type CheckpointAnswer,
  type ConsistencyProof,
  type InclusionProof,
  type RegistryKeys,
} from '@pkg/shared/contract';
import nodeFetch from 'node-fetch';
import superjson from 'superjson';
import type { z } from 'zod';
import { CliError } from '../exit.js';
import { fromTrpcError } from '../lib/registry/trpc-client.js';
import { cliVersion } from '../version.js';

export interface VersionRef {
  namespace: string;
  name: string;
  version: string;
}

export interface TrustClient {
  keys(): Promise<RegistryKeys>;
  checkpoint(): Promise<CheckpointAnswer>;
  inclusion(ref: VersionRef, size: number): Promise<InclusionProof>;
  consistency(from: number, to: number): Promise<ConsistencyProof>;
}

export function unsignedRegistry(registry: string, cause?: unknown): CliError {
  return new CliError('REGISTRY_UNSIGNED', `The registry at ${registry} does not sign versions yet.`, {
    hint: 'Its versions cannot be checked against a signature and a log (docs/trust.md); ask its operator to upgrade.',
    cause,
  });
}

export function createTrustClient(registry: string): TrustClient {
  const client = createTRPCUntypedClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${registry}/trpc`,
        transformer: superjson,
        fetch: nodeFetch as unknown as typeof fetch,
        headers: { 'x-pkg-client': `pkg/${cliVersion}` },
      }),
    ],
  });
  const call = async <S extends z.ZodType>(path: string, input: unknown, schema: S): Promise<z.infer<S>> => {
    let answer: unknown;
    try {
      answer = await client.query(path, input);
    } catch (error) {
      if (error instanceof TRPCClientError && /No procedure found/i.test(error.message))
        throw unsignedRegistry(registry, error);
      throw fromTrpcError(error, registry);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw new CliError(
        'INTEGRITY_MISMATCH',
        `The registry's answer to ${path} does not have the documented shape.`,
        {
          hint: 'Report it to the registry operator.',
        },
      );
    return parsed.data;
  };
  return {
    keys: () => call('trust.keys', undefined, registryKeysOutputSchema),
    checkpoint: () => call('log.checkpoint', undefined, checkpointOutputSchema),
    inclusion: (ref, size) => call('log.inclusion', { ...ref, size }, inclusionOutputSchema),
    consistency: (from, to) => call('log.consistency', { from, to }, consistencyOutputSchema),
  };
}

// The registry's trust procedures (docs/trust.md, "Endpoints"): trust.keys, log.checkpoint,
// log.inclusion and log.consistency, through the typed tRPC client of the registry's router.
// Every answer is parsed with the shared schemas before anything is checked. A registry without
// these procedures does not sign versions yet: that is its own error, REGISTRY_UNSIGNED. The
// schemas load with the first answer, not before the question (docs/performance.md, "The
// verified-record cache").
import { TRPCClientError } from '@trpc/client';
import type * as AnswerSchemas from '../lib/registry/answer-schemas.js';
import type { CheckpointAnswer, ConsistencyProof, InclusionProof, RegistryKeys } from '@pkg/shared/contract';
import type { z } from 'zod';
import { CliError } from '../exit.js';
import { createRegistryClient, fromTrpcError, type RegistryClient } from '../lib/registry/trpc-client.js';

type Schemas = typeof AnswerSchemas;

export interface VersionRef {
  namespace: string;
  name: string;
  version: string;
}

export interface TrustClient {
  keys(): Promise<RegistryKeys>;
  checkpoint(): Promise<CheckpointAnswer>;
  /** `size` undefined: against the latest checkpoint (the answer carries it). */
  inclusion(ref: VersionRef, size: number | undefined): Promise<InclusionProof>;
  consistency(from: number, to: number): Promise<ConsistencyProof>;
}

export function unsignedRegistry(registry: string, cause?: unknown): CliError {
  return new CliError('REGISTRY_UNSIGNED', `The registry at ${registry} does not sign versions yet.`, {
    hint: 'Its versions cannot be checked against a signature and a log (docs/trust.md); ask its operator to upgrade.',
    cause,
  });
}

/** `client`: a registry client to share, so that calls made in one tick go in one tRPC batch. */
export function createTrustClient(
  registry: string,
  client: RegistryClient = createRegistryClient(registry),
): TrustClient {
  const call = async <S extends z.ZodType>(
    path: string,
    query: () => Promise<unknown>,
    schemaOf: (schemas: Schemas) => S,
  ): Promise<z.infer<S>> => {
    let answer: unknown;
    try {
      answer = await query();
    } catch (error) {
      if (error instanceof TRPCClientError && /No procedure found/i.test(error.message))
        throw unsignedRegistry(registry, error);
      throw fromTrpcError(error, registry);
    }
    const parsed = schemaOf(await import('../lib/registry/answer-schemas.js')).safeParse(answer);
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
    keys: () =>
      call(
        'trust.keys',
        () => client.trust.keys.query(),
        (c) => c.registryKeysOutputSchema,
      ),
    checkpoint: () =>
      call(
        'log.checkpoint',
        () => client.log.checkpoint.query(),
        (c) => c.checkpointOutputSchema,
      ),
    inclusion: (ref, size) =>
      call(
        'log.inclusion',
        () => client.log.inclusion.query(size === undefined ? ref : { ...ref, size }),
        (c) => c.inclusionOutputSchema,
      ),
    consistency: (from, to) =>
      call(
        'log.consistency',
        () => client.log.consistency.query({ from, to }),
        (c) => c.consistencyOutputSchema,
      ),
  };
}

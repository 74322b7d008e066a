// trust.keys and log.* (docs/trust.md, "Keys" and "Endpoints"): public reads of the registry's
// signing keys and its transparency log. Outputs are the REST bodies (rest/trust.ts).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  checkpointOutputSchema,
  consistencyInputSchema,
  consistencyOutputSchema,
  inclusionInputSchema,
  inclusionOutputSchema,
  logEntryInputSchema,
  logEntryOutputSchema,
  registryKeysOutputSchema,
} from '@pkg/shared';
import {
  getCheckpoint,
  getLogEntry,
  listKeys,
  proveEntry,
  proveTreeConsistency,
  proveVersion,
} from '../../services/registry/trust/log-reads.js';
import { publicProcedure } from '../init.js';

export const trustRouter = {
  keys: publicProcedure.output(registryKeysOutputSchema).query(({ ctx }) => listKeys(ctx.deps.registry)),
} satisfies TRPCRouterRecord;

export const logRouter = {
  checkpoint: publicProcedure
    .output(checkpointOutputSchema)
    .query(({ ctx }) => getCheckpoint(ctx.deps.registry)),
  entry: publicProcedure
    .input(logEntryInputSchema)
    .output(logEntryOutputSchema)
    .query(({ ctx, input }) => getLogEntry(ctx.deps.registry, input.index)),
  inclusion: publicProcedure
    .input(inclusionInputSchema)
    .output(inclusionOutputSchema)
    .query(({ ctx, input }) =>
      'index' in input
        ? proveEntry(ctx.deps.registry, input.index, input.size)
        : proveVersion(ctx.deps.registry, input, input.size),
    ),
  consistency: publicProcedure
    .input(consistencyInputSchema)
    .output(consistencyOutputSchema)
    .query(({ ctx, input }) => proveTreeConsistency(ctx.deps.registry, input.from, input.to)),
} satisfies TRPCRouterRecord;

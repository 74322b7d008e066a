// The public read-only API's procedures (docs/public-api.md): the SPA calls them over /trpc, the
// REST adapters of rest/v1.ts over /v1. Each answer comes from the per-endpoint answer cache
// (single flight; an answer with a failed panel is not kept). No database.
import type { TRPCRouterRecord } from '@trpc/server';
import { v1AddressSchema, v1ContractSchema, type V1Contract } from '@pkg/shared';
import { z } from 'zod';
import { v1AnswersFor } from '../../cache/v1-answers.js';
import { contractFacts } from '../../services/website/contract-facts.js';
import { livenessProcedure } from '../init.js';

export const v1Router = {
  contract: livenessProcedure
    .input(z.object({ address: v1AddressSchema }).strict())
    .output(v1ContractSchema)
    .query(async ({ ctx, input }) => {
      const address = input.address.toLowerCase();
      const answer = await v1AnswersFor(ctx.deps).answer(`contract:${address}`, () =>
        contractFacts(ctx.deps.data, address),
      );
      return answer.value as V1Contract;
    }),
} satisfies TRPCRouterRecord;

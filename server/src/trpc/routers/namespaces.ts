// namespaces.get (anonymous), addMaintainer / removeMaintainer (owner, managing token).
import type { TRPCRouterRecord } from '@trpc/server';
import { maintainerInputSchema, namespaceInputSchema, namespaceOutputSchema } from '@pkg/shared';
import { addMaintainer, getNamespace, removeMaintainer } from '../../services/registry/namespace-service.js';
import { manageProcedure, publicProcedure } from '../init.js';

export const namespacesRouter = {
  get: publicProcedure
    .input(namespaceInputSchema)
    .output(namespaceOutputSchema)
    .query(({ ctx, input }) => getNamespace(ctx.deps.registry, input.namespace)),
  addMaintainer: manageProcedure
    .input(maintainerInputSchema)
    .output(namespaceOutputSchema)
    .mutation(({ ctx, input }) => addMaintainer(ctx.deps.registry, ctx.auth, input.namespace, input.user)),
  removeMaintainer: manageProcedure
    .input(maintainerInputSchema)
    .output(namespaceOutputSchema)
    .mutation(({ ctx, input }) => removeMaintainer(ctx.deps.registry, ctx.auth, input.namespace, input.user)),
} satisfies TRPCRouterRecord;

// auth.whoami (any valid token) and tokens.* (managing token).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  createTokenInputSchema,
  createTokenOutputSchema,
  listTokensOutputSchema,
  revokeTokenOutputSchema,
  tokenIdInputSchema,
  whoamiOutputSchema,
} from '@pkg/shared';
import { issueToken, listTokens, revokeToken, whoami } from '../../services/registry/token-service.js';
import { manageProcedure, tokenProcedure } from '../init.js';

export const authRouter = {
  whoami: tokenProcedure.output(whoamiOutputSchema).query(({ ctx }) => whoami(ctx.deps.registry, ctx.auth)),
} satisfies TRPCRouterRecord;

export const tokensRouter = {
  list: manageProcedure
    .output(listTokensOutputSchema)
    .query(async ({ ctx }) => ({ tokens: await listTokens(ctx.deps.registry, ctx.auth.user) })),
  create: manageProcedure
    .input(createTokenInputSchema)
    .output(createTokenOutputSchema)
    .mutation(({ ctx, input }) =>
      issueToken(ctx.deps.registry, ctx.auth.user, { ...input, kind: 'publish' }),
    ),
  revoke: manageProcedure
    .input(tokenIdInputSchema)
    .output(revokeTokenOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, revoked, revokedAt } = await revokeToken(ctx.deps.registry, ctx.auth.user, input.id);
      return { id, revoked, revokedAt };
    }),
} satisfies TRPCRouterRecord;

// The website's AI procedures and the holder pass (docs/public-api.md, "Holder pass", "Ask",
// "Contract explainer"): the SPA calls them over /trpc, the REST adapters of rest/v1-ai.ts over
// /v1. Each reads the visitor (client and verified pass) from the context and hands the work to
// the services; a question is taken from the visitor's counter before the model is called and
// given back when no answer came.
import type { TRPCRouterRecord } from '@trpc/server';
import { askInputSchema, holderPassInputSchema, RegistryError, v1AddressSchema } from '@pkg/shared';
import { z } from 'zod';
import { questionQuota, takeAiCall, takeQuestion } from '../../services/website/ai/quota.js';
import { runAsk } from '../../services/website/ask/ask-agent.js';
import { explainContract } from '../../services/website/explain/explain-contract.js';
import { issueNonce } from '../../services/website/holder-pass/nonce.js';
import { issuePass } from '../../services/website/holder-pass/issue-pass.js';
import { visitorProcedure } from '../init.js';

/** Nonces a client may ask for in a minute (each is a document until used or expired). */
const NONCES_PER_MINUTE = 30;

export const holderPassRouter = {
  /** POST /v1/holder-pass/nonce: a single-use nonce for the sign-in message. */
  nonce: visitorProcedure.mutation(({ ctx }) => {
    const decision = ctx.deps.limiter.hit(`nonce:${ctx.client}`, NONCES_PER_MINUTE, 60_000);
    if (!decision.allowed)
      throw new RegistryError(
        'RATE_LIMITED',
        `Too many sign-in nonces asked for; try again in ${decision.retryAfter} s.`,
        { retryAfter: decision.retryAfter },
      );
    return issueNonce(ctx.deps.ai);
  }),
  /** POST /v1/holder-pass: the signed message in, the pass out. */
  create: visitorProcedure
    .input(holderPassInputSchema)
    .mutation(({ ctx, input }) => issuePass(ctx.deps.ai, input, ctx.siteOrigin)),
} satisfies TRPCRouterRecord;

export const askRouter = {
  /** GET /v1/ask/quota: the questions left today, and whose counter they come from. */
  quota: visitorProcedure.query(({ ctx }) =>
    questionQuota(ctx.deps.ai, { client: ctx.client, pass: ctx.pass }),
  ),
  /** POST /v1/ask. */
  ask: visitorProcedure.input(askInputSchema).mutation(async ({ ctx, input }) => {
    const deps = ctx.deps.ai;
    const ticket = await takeQuestion(deps, { client: ctx.client, pass: ctx.pass });
    try {
      return { ...(await runAsk(deps, input.question)), ...ticket.quota };
    } catch (error) {
      await ticket.release();
      throw error;
    }
  }),
} satisfies TRPCRouterRecord;

export const explanationsRouter = {
  /** GET /v1/contract/:address/explanation. */
  get: visitorProcedure.input(z.object({ address: v1AddressSchema }).strict()).query(({ ctx, input }) => {
    const deps = ctx.deps.ai;
    return explainContract(deps, input.address.toLowerCase(), () => takeAiCall(deps, ctx.client));
  }),
} satisfies TRPCRouterRecord;

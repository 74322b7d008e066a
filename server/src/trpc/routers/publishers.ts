// publishers.* and oidc.* (docs/publishing.md): a package's trusted publishers and policy (read by
// anyone; changed by the namespace's owner with a managing token), and the OIDC exchange of a CI
// job's ID token for a short-lived publish token (anonymous: the ID token is the credential).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  addPublisherInputSchema,
  listPublishersOutputSchema,
  oidcConfigOutputSchema,
  oidcExchangeInputSchema,
  oidcExchangeOutputSchema,
  packageRefSchema,
  publishingPolicyInputSchema,
  removePublisherInputSchema,
  removePublisherOutputSchema,
  trustedPublisherSchema,
} from '@pkg/shared';
import { exchangeIdToken, oidcConfig } from '../../services/registry/publishing/oidc-exchange.js';
import {
  addPublisher,
  listPublishers,
  removePublisher,
  setPublishingPolicy,
} from '../../services/registry/publishing/publisher-service.js';
import { manageProcedure, publicProcedure } from '../init.js';

export const publishersRouter = {
  list: publicProcedure
    .input(packageRefSchema)
    .output(listPublishersOutputSchema)
    .query(({ ctx, input }) => listPublishers(ctx.deps.registry, input)),
  add: manageProcedure
    .input(addPublisherInputSchema)
    .output(trustedPublisherSchema)
    .mutation(({ ctx, input }) => addPublisher(ctx.deps.registry, ctx.auth, input)),
  remove: manageProcedure
    .input(removePublisherInputSchema)
    .output(removePublisherOutputSchema)
    .mutation(({ ctx, input }) => removePublisher(ctx.deps.registry, ctx.auth, input)),
  setPolicy: manageProcedure
    .input(publishingPolicyInputSchema)
    .output(listPublishersOutputSchema)
    .mutation(({ ctx, input }) => setPublishingPolicy(ctx.deps.registry, ctx.auth, input)),
} satisfies TRPCRouterRecord;

export const oidcRouter = {
  config: publicProcedure.output(oidcConfigOutputSchema).query(({ ctx }) => oidcConfig(ctx.deps.registry)),
  exchange: publicProcedure
    .input(oidcExchangeInputSchema)
    .output(oidcExchangeOutputSchema)
    .mutation(({ ctx, input }) => exchangeIdToken(ctx.deps.registry, input, ctx.client)),
} satisfies TRPCRouterRecord;

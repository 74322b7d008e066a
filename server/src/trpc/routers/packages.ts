// packages.*: search, get, versions, version, provenance. Outputs are the REST bodies.
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getPackageOutputSchema,
  getProvenanceOutputSchema,
  listVersionsOutputSchema,
  packageRefSchema,
  searchPackagesInputSchema,
  searchPackagesOutputSchema,
  versionRecordSchema,
  versionRefSchema,
} from '@pkg/shared';
import {
  getPackage,
  getProvenance,
  getVersion,
  listVersions,
  searchPackages,
} from '../../services/package-service.js';
import { publicProcedure } from '../init.js';

export const packagesRouter = {
  search: publicProcedure
    .input(searchPackagesInputSchema)
    .output(searchPackagesOutputSchema)
    .query(({ ctx, input }) => searchPackages(ctx.deps, input.q, input.limit)),
  get: publicProcedure
    .input(packageRefSchema)
    .output(getPackageOutputSchema)
    .query(({ ctx, input }) => getPackage(ctx.deps, input)),
  versions: publicProcedure
    .input(packageRefSchema)
    .output(listVersionsOutputSchema)
    .query(({ ctx, input }) => listVersions(ctx.deps, input)),
  version: publicProcedure
    .input(versionRefSchema)
    .output(versionRecordSchema)
    .query(({ ctx, input }) => getVersion(ctx.deps, input, ctx.baseUrl)),
  provenance: publicProcedure
    .input(versionRefSchema)
    .output(getProvenanceOutputSchema)
    .query(({ ctx, input }) => getProvenance(ctx.deps, input, ctx.baseUrl)),
} satisfies TRPCRouterRecord;

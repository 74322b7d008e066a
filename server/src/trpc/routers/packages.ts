// packages.*: search, get, versions, version, provenance, files, insights (docs/browsing.md);
// downloads and overview (package-downloads.ts); yank, unyank and deprecate (a
// token with rights to the namespace; docs/trust.md, "Yank and deprecate"). Outputs are the REST
// bodies (files has no REST route: it is the website's read of SKILL.md and the tools' schemas).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getPackageOutputSchema,
  getProvenanceOutputSchema,
  listVersionsOutputSchema,
  packageFilesOutputSchema,
  packageInsightsInputSchema,
  packageInsightsOutputSchema,
  packageRefSchema,
  searchPackagesInputSchema,
  searchPackagesOutputSchema,
  deprecateInputSchema,
  trustActionOutputSchema,
  unyankInputSchema,
  versionRecordSchema,
  versionSelectorRefSchema,
  yankInputSchema,
} from '@pkg/shared';
import {
  getPackage,
  getProvenance,
  getVersion,
  listVersions,
} from '../../services/registry/package-service.js';
import { packageInsights } from '../../services/registry/insights-service.js';
import { searchPackages } from '../../services/registry/search/search-service.js';
import { readPackageFiles } from '../../services/registry/skill-md-service.js';
import { deprecateVersions, unyankVersion, yankVersion } from '../../services/registry/trust/yank-service.js';
import { publicProcedure, tokenProcedure } from '../init.js';
import { packageDownloadProcedures } from './package-downloads.js';

export const packagesRouter = {
  search: publicProcedure
    .input(searchPackagesInputSchema)
    .output(searchPackagesOutputSchema)
    .query(({ ctx, input }) => searchPackages(ctx.deps.registry, input)),
  get: publicProcedure
    .input(packageRefSchema)
    .output(getPackageOutputSchema)
    .query(({ ctx, input }) => getPackage(ctx.deps.registry, input)),
  versions: publicProcedure
    .input(packageRefSchema)
    .output(listVersionsOutputSchema)
    .query(({ ctx, input }) => listVersions(ctx.deps.registry, input)),
  // version, provenance and files take an exact version or `latest` (docs/registry-api.md, "Versions by latest")
  version: publicProcedure
    .input(versionSelectorRefSchema)
    .output(versionRecordSchema)
    .query(({ ctx, input }) => getVersion(ctx.deps.registry, input, ctx.baseUrl)),
  provenance: publicProcedure
    .input(versionSelectorRefSchema)
    .output(getProvenanceOutputSchema)
    .query(({ ctx, input }) => getProvenance(ctx.deps.registry, input, ctx.baseUrl)),
  files: publicProcedure
    .input(versionSelectorRefSchema)
    .output(packageFilesOutputSchema)
    .query(({ ctx, input, signal }) => readPackageFiles(ctx.deps.registry, input, signal)),
  insights: publicProcedure
    .input(packageInsightsInputSchema)
    .output(packageInsightsOutputSchema)
    .query(({ ctx, input, signal }) => packageInsights(ctx.deps.registry, input, signal)),
  yank: tokenProcedure
    .input(yankInputSchema)
    .output(trustActionOutputSchema)
    .mutation(({ ctx, input }) => yankVersion(ctx.deps.registry, ctx.auth, input)),
  unyank: tokenProcedure
    .input(unyankInputSchema)
    .output(trustActionOutputSchema)
    .mutation(({ ctx, input }) => unyankVersion(ctx.deps.registry, ctx.auth, input)),
  deprecate: tokenProcedure
    .input(deprecateInputSchema)
    .output(trustActionOutputSchema)
    .mutation(({ ctx, input }) => deprecateVersions(ctx.deps.registry, ctx.auth, input)),
  ...packageDownloadProcedures,
} satisfies TRPCRouterRecord;

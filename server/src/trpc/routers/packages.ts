// packages.*: search, get, versions, version, provenance, files. Outputs are the REST bodies
// (files has no REST route: it is the website's read of SKILL.md and the tools' schemas).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getPackageOutputSchema,
  getProvenanceOutputSchema,
  listVersionsOutputSchema,
  packageFilesOutputSchema,
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
} from '../../services/registry/package-service.js';
import { readPackageFiles } from '../../services/registry/skill-md-service.js';
import { publicProcedure } from '../init.js';

export const packagesRouter = {
  search: publicProcedure
    .input(searchPackagesInputSchema)
    .output(searchPackagesOutputSchema)
    .query(({ ctx, input }) => searchPackages(ctx.deps.registry, input.q, input.limit)),
  get: publicProcedure
    .input(packageRefSchema)
    .output(getPackageOutputSchema)
    .query(({ ctx, input }) => getPackage(ctx.deps.registry, input)),
  versions: publicProcedure
    .input(packageRefSchema)
    .output(listVersionsOutputSchema)
    .query(({ ctx, input }) => listVersions(ctx.deps.registry, input)),
  version: publicProcedure
    .input(versionRefSchema)
    .output(versionRecordSchema)
    .query(({ ctx, input }) => getVersion(ctx.deps.registry, input, ctx.baseUrl)),
  provenance: publicProcedure
    .input(versionRefSchema)
    .output(getProvenanceOutputSchema)
    .query(({ ctx, input }) => getProvenance(ctx.deps.registry, input, ctx.baseUrl)),
  files: publicProcedure
    .input(versionRefSchema)
    .output(packageFilesOutputSchema)
    .query(({ ctx, input, signal }) => readPackageFiles(ctx.deps.registry, input, signal)),
} satisfies TRPCRouterRecord;

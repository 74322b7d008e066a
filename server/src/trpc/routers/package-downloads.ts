// packages.downloads and packages.overview (docs/registry-api.md, "Download counts" and "The
// overview"): a package's downloads per day and per version over a period, and the registry's
// overview for the home page. Spread into the packages router (routers/packages.ts).
import type { TRPCRouterRecord } from '@trpc/server';
import {
  packageDownloadsInputSchema,
  packageDownloadsOutputSchema,
  registryOverviewOutputSchema,
} from '@pkg/shared';
import { packageDownloads } from '../../services/registry/downloads/package-downloads.js';
import { registryOverview } from '../../services/registry/downloads/registry-overview.js';
import { publicProcedure } from '../init.js';

export const packageDownloadProcedures = {
  downloads: publicProcedure
    .input(packageDownloadsInputSchema)
    .output(packageDownloadsOutputSchema)
    .query(({ ctx, input }) => packageDownloads(ctx.deps.registry, input)),
  overview: publicProcedure
    .output(registryOverviewOutputSchema)
    .query(({ ctx }) => registryOverview(ctx.deps.registry)),
} satisfies TRPCRouterRecord;

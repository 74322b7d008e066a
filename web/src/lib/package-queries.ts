// Query options shared by the package routes' loaders and components, so a loader's prefetch
// is exactly what the component reads.
import { queryOptions } from '@tanstack/react-query';
import type { VersionRecord } from '@pkg/shared/browser';
import { fetchPackageFiles } from './package-files';

export const SKILL_MD = 'SKILL.md';

/** The text files the package page shows: SKILL.md and every tool's schemas. */
export function wantedFiles(record: VersionRecord): string[] {
  const schemas = record.manifest.tools.flatMap((t) => [t.inputSchema, t.outputSchema ?? []].flat());
  return [SKILL_MD, ...new Set(schemas)];
}

/** Keyed by integrity: the bytes of a published version never change. */
export function packageFilesQueryOptions(record: VersionRecord) {
  return queryOptions({
    queryKey: ['package-files', record.integrity, record.download],
    queryFn: ({ signal }) =>
      fetchPackageFiles(
        {
          download: record.download,
          integrity: record.integrity,
          size: record.size,
          format: record.provenance.artifact.format,
        },
        wantedFiles(record),
        signal,
      ),
    staleTime: Infinity,
    retry: false,
  });
}

// Query options shared by the package routes' loaders and components, so a loader's prefetch
// is exactly what the component reads.
import type { VersionRef } from '@pkg/shared/contract';
import type { trpc } from './trpc';

/**
 * SKILL.md and the tools' JSON Schema files of a version, read by the server out of the stored
 * artifact (packages.files). A published version's files never change.
 */
export function packageFilesQueryOptions(proxy: typeof trpc, ref: VersionRef) {
  return proxy.packages.files.queryOptions(ref, { staleTime: Infinity });
}

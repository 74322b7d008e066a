// The package document and the version record as the REST routes send them (docs/registry-api.md):
// ready-made JSON with its ETag, kept per package revision in the metadata caches and built on a
// miss (cache/package-responses.ts). The routes read them here, through the registry wing.
import type { PackageRef, VersionRef } from '@pkg/shared';
import { packageResponse, versionResponse, type JsonResponse } from '../../cache/package-responses.js';
import type { RegistryDeps } from './registry-deps.js';

export type { JsonResponse };

export function packageDocument(deps: RegistryDeps, ref: PackageRef): Promise<JsonResponse> {
  return packageResponse(deps, ref);
}

export function versionDocument(deps: RegistryDeps, ref: VersionRef, baseUrl: string): Promise<JsonResponse> {
  return versionResponse(deps, ref, baseUrl);
}

// The queries of a package page (docs/performance.md, "The package page's first paint"): each
// procedure the page reads, with its input built from the URL's namespace, name and version (absent
// on the latest-version page: the dist-tag `latest`, which the server resolves). One list for the
// three that must agree: the SPA's loader starts these (web/src/lib/package-queries.ts), the server
// answers these into a package URL's HTML (server/src/spa/page-data.ts), and the SPA reads only
// these out of that HTML (web/src/lib/page-data.ts). No zod: the website's first bundle holds it.
import { LATEST_TAG } from '../schemas/patterns.js';

/** A package page's URL params: the version is absent on the latest-version page. */
export interface PackagePageParams {
  namespace: string;
  name: string;
  version?: string;
}

/** One query of the page: the procedure's path (`router.procedure`) and its input. */
export interface PackagePageQuery<P extends string = string, I = unknown> {
  path: P;
  input: I;
  /** The package's queries, or the shown version's (by the URL's version or `latest`). */
  scope: 'package' | 'version';
}

const query = <P extends string, I>(path: P, input: I, scope: 'package' | 'version') =>
  ({ path, input, scope }) as PackagePageQuery<P, I>;

/**
 * Every query of the page, in the loader's order: the package, its versions, the namespace, the
 * trusted publishers, the registry's keys (the signature check), the downloads of the last 7 and 90
 * days; then the version's record, files (SKILL.md), provenance and insights.
 */
export function packagePageQueries(params: PackagePageParams) {
  const ref = { namespace: params.namespace, name: params.name };
  const selected = { ...ref, version: params.version ?? LATEST_TAG };
  return {
    info: query('packages.get', ref, 'package'),
    versions: query('packages.versions', ref, 'package'),
    namespace: query('namespaces.get', { namespace: ref.namespace }, 'package'),
    publishers: query('publishers.list', ref, 'package'),
    keys: query('trust.keys', undefined, 'package'),
    downloadsWeek: query('packages.downloads', { ...ref, period: 'last-week' as const }, 'package'),
    downloads90: query('packages.downloads', { ...ref, period: 'last-90-days' as const }, 'package'),
    record: query('packages.version', selected, 'version'),
    files: query('packages.files', selected, 'version'),
    provenance: query('packages.provenance', selected, 'version'),
    insights: query('packages.insights', selected, 'version'),
  };
}
export type PackagePageQueries = ReturnType<typeof packagePageQueries>;

/** The queries without which the page is the not-found page: the package and the version. */
export const PACKAGE_PAGE_REQUIRED: readonly (keyof PackagePageQueries)[] = ['info', 'record'];

/** The procedures of the page, for a reader that takes nothing else. */
export const PACKAGE_PAGE_PROCEDURES: ReadonlySet<string> = new Set(
  Object.values(packagePageQueries({ namespace: '', name: '' })).map((q) => q.path),
);

// Data for the registry benchmark: real package archives (scaffold + pack, as `pkg init` and
// `pkg pack` make them), 10,000 packages seeded straight into the running server's store, and
// the npm-style publish body Verdaccio takes for the same bytes.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPackageId, packDirectory, scaffold, type PackResult } from '@pkg/shared';
import type { PackageDoc } from '../src/db/models/package.js';
import type { VersionDoc } from '../src/db/models/version.js';
import type { AppDeps } from '../src/deps.js';

/** Random bytes of the large package: its archive stays just under the 5 MB (5 MiB) limit. */
export const BIG_FILE_BYTES = Math.floor(4.9 * 1024 * 1024);

export async function buildPackage(
  namespace: string,
  name: string,
  version: string,
  extra: Record<string, Uint8Array> = {},
): Promise<PackResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-bench-build-'));
  try {
    const files = new Map<string, string | Uint8Array>([
      ...scaffold({ namespace, name, version, description: `The ${name} skill, for the benchmark.` }),
      ...Object.entries(extra),
    ]);
    for (const [file, content] of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return await packDirectory(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A valid package whose one extra file is incompressible: its archive is about 5 MB. */
export function buildBigPackage(namespace: string, name: string): Promise<PackResult> {
  return buildPackage(namespace, name, '1.0.0', { 'assets/blob.bin': randomBytes(BIG_FILE_BYTES) });
}

export const seededName = (i: number) => `pkg-${String(i).padStart(5, '0')}`;

/** The words the seeded packages' search fields are drawn from (and the search runs' queries). */
export const SEARCH_WORDS = (
  'weather forecast city country temperature wind rain snow calendar meeting event time zone clock ' +
  'invoice payment ledger account balance currency amount rate price stock symbol trade market ' +
  'email message subject body contact phone address street latitude longitude distance route map ' +
  'image picture resize thumbnail video audio codec podcast episode feed pdf document page text ' +
  'markdown html render translate language summary keyword sentiment review spelling grammar ' +
  'regex pattern version semver diff patch json yaml csv table column row query database index ' +
  'search crawl fetch url status probe uptime cron schedule job queue worker retry token secret ' +
  'hash encode decode base64 uuid random dice prime matrix vector unit measure recipe meal calorie ' +
  'flight airport hotel booking ticket train packing climate book author isbn library citation'
).split(' ');

const word = (i: number, k: number) => SEARCH_WORDS[(i * 7 + k * 31) % SEARCH_WORDS.length] ?? 'word';
const words = (i: number, from: number, count: number) =>
  Array.from({ length: count }, (_, k) => word(i, from + k));

/** Search fields like a publish stores them (docs/browsing.md, "Search"), varied per package. */
function seededSearch(i: number, name: string, version: string, namespace: string) {
  return {
    version,
    name: [namespace, 'pkg', name.slice(4), word(i, 0)],
    tools: words(i, 1, 4),
    properties: words(i, 5, 4),
    description: ['seeded', 'package', 'for', 'the', 'benchmark', ...words(i, 9, 3)],
    skill: words(i, 12, 40),
    permissions: {
      fs: { read: [], write: i % 5 === 0 ? ['out'] : [] },
      network: i % 3 === 0 ? ['api.example.com'] : [],
      env: i % 7 === 0 ? ['API_KEY'] : [],
    },
    verified: i % 11 === 0,
  };
}

/** The package document of the i-th seeded package (its one version is `version`). */
export function seededPackage(namespace: string, i: number, version: string, now: Date): PackageDoc {
  const name = seededName(i);
  const id = formatPackageId(namespace, name);
  const description = `Seeded package ${i} for the benchmark.`;
  return {
    id,
    namespace,
    name,
    description,
    latest: version,
    searchText: `${id} ${description}`.toLowerCase(),
    search: seededSearch(i, name, version, namespace),
    createdAt: now,
    updatedAt: now,
    revision: 1,
    // stamped as every write of a package's summary stamps it (search-index.ts)
    indexedAt: now,
  };
}

/**
 * `count` packages of one version each, cloned from a published version (`template`), written
 * with insertMany: what 10,000 publishes would leave in the packages and versions collections.
 */
export async function seedPackages(
  deps: AppDeps,
  namespace: string,
  template: VersionDoc,
  count: number,
): Promise<void> {
  const now = deps.clock();
  const manifest = template.manifest as Record<string, unknown>;
  const provenance = template.provenance as Record<string, unknown>;
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const packages: PackageDoc[] = [];
    const versions: VersionDoc[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const pkg = seededPackage(namespace, i, template.version, now);
      const { name, id, description } = pkg;
      packages.push(pkg);
      versions.push({
        ...template,
        name,
        manifest: { ...manifest, name, description },
        provenance: { ...provenance, package: id },
        publishedAt: now,
      });
    }
    await deps.models.Package.insertMany(packages, { lean: true });
    await deps.models.Version.insertMany(versions, { lean: true });
  }
}

/** The body of `npm publish` (PUT /<name>): the packument with the tarball as a base64 attachment. */
export function npmPublishBody(name: string, version: string, tarball: Buffer, registry: string): string {
  const filename = `${name}-${version}.tgz`;
  const shasum = createHash('sha1').update(tarball).digest('hex');
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const manifest = {
    name,
    version,
    description: `The ${name} package, for the benchmark.`,
    _id: `${name}@${version}`,
    dist: { integrity, shasum, tarball: `${registry}/${name}/-/${filename}` },
  };
  return JSON.stringify({
    _id: name,
    name,
    description: manifest.description,
    'dist-tags': { latest: version },
    versions: { [version]: manifest },
    access: null,
    _attachments: {
      [filename]: {
        content_type: 'application/octet-stream',
        data: tarball.toString('base64'),
        length: tarball.length,
      },
    },
  });
}

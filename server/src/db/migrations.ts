// Data migrations run by `pkg-admin migrate`, in order, each once: a migration that has run is
// recorded in the `migrations` collection and skipped afterwards. Each migration is itself
// idempotent (it only touches documents that still lack what it adds), so a migration
// interrupted before its record was written is simply run again.
import { manifestSha256 } from '@pkg/shared';
import { syncIndexes } from './models/index.js';
import type { AppDeps } from '../deps.js';
import { provenanceOf } from '../services/registry/provenance.js';

export interface Migration {
  id: string;
  description: string;
  /** Apply; resolves to a one-line summary of what changed. */
  up(deps: AppDeps): Promise<string>;
}

const missing = (field: string) => ({ $or: [{ [field]: { $exists: false } }, { [field]: null }] });

interface LegacyVersion {
  _id: unknown;
  namespace: string;
  name: string;
  version: string;
  manifest: unknown;
  manifestSha256?: string | null;
  integrity: string;
  size: number;
  publishedAt: Date;
  publishedBy: string;
  artifact: { filename: string; format: 'tar.gz' | 'json' };
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001-package-search-text',
    description: 'backfill searchText (lowercased id and description) on packages lacking it',
    async up(deps) {
      const filter = { $or: [...missing('searchText').$or, { searchText: '' }] };
      const docs = await deps.models.Package.collection.find(filter).toArray();
      for (const doc of docs) {
        const description = typeof doc.description === 'string' ? doc.description : '';
        const searchText = `${String(doc.id)} ${description}`.toLowerCase();
        await deps.models.Package.collection.updateOne({ _id: doc._id }, { $set: { searchText } });
      }
      return `${docs.length} package(s) given a searchText`;
    },
  },
  {
    id: '0002-version-provenance',
    description: 'backfill a derived provenance record (recorded: false) on versions lacking one',
    async up(deps) {
      const docs = await deps.models.Version.collection.find(missing('provenance')).toArray();
      for (const raw of docs) {
        const doc = raw as unknown as LegacyVersion;
        const hash = doc.manifestSha256 ?? manifestSha256(doc.manifest);
        const provenance = provenanceOf(
          { ...doc, format: doc.artifact.format, filename: doc.artifact.filename, manifestSha256: hash },
          { recorded: false, via: 'legacy' },
        );
        await deps.models.Version.collection.updateOne(
          { _id: raw._id, ...missing('provenance') },
          { $set: { provenance, manifestSha256: hash } },
        );
      }
      return `${docs.length} version(s) given a derived provenance record`;
    },
  },
];

export interface MigrateReport {
  indexes: 'synced';
  applied: { id: string; description: string; details: string }[];
  alreadyApplied: string[];
}

/** Sync every index, then apply the migrations not yet recorded. */
export async function migrate(
  deps: AppDeps,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrateReport> {
  await syncIndexes(deps.models);
  const done = new Set(
    (await deps.models.Migration.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((m) => m._id),
  );
  const report: MigrateReport = { indexes: 'synced', applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    if (done.has(migration.id)) {
      report.alreadyApplied.push(migration.id);
      continue;
    }
    const details = await migration.up(deps);
    await deps.models.Migration.updateOne(
      { _id: migration.id },
      { $setOnInsert: { appliedAt: deps.clock(), details } },
      { upsert: true },
    );
    report.applied.push({ id: migration.id, description: migration.description, details });
  }
  return report;
}

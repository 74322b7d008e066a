// Data migrations run by `pkg-admin migrate`, in order, each once: a migration that has run is
// recorded in the `migrations` collection and skipped afterwards. Each migration is itself
// idempotent (it only touches documents that still lack what it adds), so a migration
// interrupted before its record was written is simply run again.
import { manifestSha256 } from '@pkg/shared';
import { syncIndexes } from './models/index.js';
import type { AppDeps } from '../deps.js';
import { provenanceOf } from '../services/registry/provenance.js';
import { backfillSearch } from '../services/registry/search/search-fields.js';
import { entryHashCount, hashOwner } from '../services/registry/trust/log-hashes.js';

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
  {
    id: '0003-log-kept-with-entries',
    description:
      'keep each log hash and signed checkpoint with the log entry that completes it (moved from log_hashes and log_checkpoints, which are then dropped)',
    async up(deps) {
      const { LogEntry } = deps.models;
      const db = LogEntry.db.db;
      if (!db) throw new Error('the database is not connected');
      const names = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
      let hashes = 0;
      let checkpoints = 0;
      if (names.has('log_hashes')) {
        const byEntry = new Map<number, string[]>();
        for await (const doc of db.collection('log_hashes').find({})) {
          const { entry, level } = hashOwner(Number(doc._id));
          const kept = byEntry.get(entry) ?? [];
          kept[level] = String(doc.hash);
          byEntry.set(entry, kept);
        }
        for (const [index, kept] of byEntry) {
          // An entry whose hashes are not all there has them computed from the leaves when read.
          if (kept.length !== entryHashCount(index) || [...kept].some((h) => !h)) continue;
          const set = await LogEntry.collection.updateOne(
            { index, hashes: { $exists: false } },
            { $set: { hashes: kept } },
          );
          hashes += set.modifiedCount;
        }
        await db.dropCollection('log_hashes');
      }
      if (names.has('log_checkpoints')) {
        const stored = db.collection<{
          size: number;
          rootHash: string;
          note: string;
          keyid: string;
          createdAt: Date;
        }>('log_checkpoints');
        for await (const doc of stored.find({})) {
          const { rootHash, note, keyid, createdAt } = doc;
          const set = await LogEntry.collection.updateOne(
            { index: doc.size - 1, checkpoint: { $exists: false } },
            { $set: { checkpoint: { rootHash, note, keyid, createdAt } } },
          );
          checkpoints += set.modifiedCount;
        }
        await db.dropCollection('log_checkpoints');
      }
      return `${hashes} log entries given their hashes and ${checkpoints} their checkpoint`;
    },
  },
  {
    id: '0004-package-search-fields',
    description:
      'compute the search words of versions published before search ranked (the property names of their schemas, the words of SKILL.md) from their stored files, then the search fields of their packages from latest',
    async up(deps) {
      const done = await backfillSearch(deps.registry);
      const unreadable = done.unreadable ? `, ${done.unreadable} unreadable (left without)` : '';
      return `${done.versions} version(s) given search words${unreadable}, ${done.packages} package(s) given search fields`;
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

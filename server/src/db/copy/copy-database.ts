// Copies one MongoDB database into another (docs/operator.md, "Moving to MongoDB (replica set or Atlas)"):
// 1. refuse a target that is the source, or that holds documents unless `replace` (then its
//    collections are dropped first); a refusal writes nothing;
// 2. recreate every collection with its options and indexes;
// 3. GridFS buckets first, file by file (chunks before the file document), so that a version
//    record copied later never names an artifact the target lacks;
// 4. every other collection, streamed in ordered batches (never a whole collection in memory);
// 5. a last GridFS pass for files stored while step 4 ran (versions published meanwhile);
// 6. verify: document counts, indexes, and every artifact's SHA-256 read back from the target.
import type { Db } from 'mongodb';
import { CopyVerificationError } from './copy-errors.js';
import { copyBatches } from './copy-batches.js';
import { copyGridFsFiles, gridFsBuckets } from './copy-gridfs.js';
import { copyIndexes } from './copy-indexes.js';
import { listCollections } from './list-collections.js';
import { prepareTarget } from './prepare-target.js';
import { verifyArtifacts, type ArtifactCheck } from './verify-artifacts.js';
import { verifyCollections, type CollectionCheck } from './verify-copy.js';

export type CopyEvent =
  | { kind: 'collection'; name: string; documents: number; bytes: number }
  | { kind: 'verified'; collections: number; artifacts: number; bytes: number };

export interface CopyOptions {
  source: Db;
  target: Db;
  /** Drop the target's collections first instead of refusing a target that holds documents. */
  replace?: boolean;
  onEvent?: (event: CopyEvent) => void;
}

export interface CollectionSummary extends CollectionCheck {
  bytes: number;
  indexes: string[];
}

export interface CopySummary {
  /** Target collections dropped first (`replace`). */
  replaced: string[];
  collections: CollectionSummary[];
  documents: number;
  bytes: number;
  artifacts: Omit<ArtifactCheck, 'problems'>;
  /** Collections whose source count differs from what was copied: writes during the copy. */
  changed: string[];
}

interface Tally {
  documents: number;
  bytes: number;
  indexes: string[];
}

export async function copyDatabase(options: CopyOptions): Promise<CopySummary> {
  const { source, target } = options;
  const emit = options.onEvent ?? (() => undefined);
  const collections = await listCollections(source);
  const state = await prepareTarget(collections, target, options.replace ?? false);
  const tallies = new Map<string, Tally>();
  for (const info of collections) {
    const indexes = await copyIndexes(source, target, info, state.existing.has(info.name));
    tallies.set(info.name, { documents: 0, bytes: 0, indexes });
  }
  const add = (name: string, copied: { documents: number; bytes: number }) => {
    const tally = tallies.get(name);
    if (tally) {
      tally.documents += copied.documents;
      tally.bytes += copied.bytes;
    }
  };
  const buckets = gridFsBuckets(collections.map((c) => c.name));
  const copiedFiles = new Map(buckets.map((b) => [b, new Set<string>()]));
  const copyFiles = async () => {
    for (const [bucket, done] of copiedFiles) {
      const copied = await copyGridFsFiles(source, target, bucket, done);
      add(`${bucket}.files`, copied.files);
      add(`${bucket}.chunks`, copied.chunks);
    }
  };
  await copyFiles();
  const inBuckets = new Set(buckets.flatMap((b) => [`${b}.files`, `${b}.chunks`]));
  for (const { name } of collections.filter((c) => !inBuckets.has(c.name))) {
    add(name, await copyBatches(source.collection(name), target.collection(name)));
    const tally = tallies.get(name);
    emit({ kind: 'collection', name, documents: tally?.documents ?? 0, bytes: tally?.bytes ?? 0 });
  }
  await copyFiles();
  for (const name of [...inBuckets].sort()) {
    const tally = tallies.get(name);
    emit({ kind: 'collection', name, documents: tally?.documents ?? 0, bytes: tally?.bytes ?? 0 });
  }
  return verify(options, tallies, state.dropped, emit);
}

async function verify(
  { source, target }: CopyOptions,
  tallies: Map<string, Tally>,
  replaced: string[],
  emit: (event: CopyEvent) => void,
): Promise<CopySummary> {
  const counts = new Map([...tallies].map(([name, t]) => [name, t.documents]));
  const { checks, problems } = await verifyCollections(source, target, counts);
  const { problems: artifactProblems, ...artifacts } = await verifyArtifacts(target);
  problems.push(...artifactProblems);
  if (problems.length > 0) {
    throw new CopyVerificationError(
      `The copy in database "${target.databaseName}" does not match what was copied (${problems.length} problem${problems.length === 1 ? '' : 's'}).`,
      problems,
    );
  }
  emit({ kind: 'verified', collections: checks.length, artifacts: artifacts.files, bytes: artifacts.bytes });
  const collections = checks.map((check) => {
    const tally = tallies.get(check.name);
    return { ...check, bytes: tally?.bytes ?? 0, indexes: tally?.indexes ?? [] };
  });
  return {
    replaced,
    collections,
    documents: collections.reduce((n, c) => n + c.copied, 0),
    bytes: collections.reduce((n, c) => n + c.bytes, 0),
    artifacts,
    changed: checks.filter((c) => c.source !== c.copied).map((c) => c.name),
  };
}

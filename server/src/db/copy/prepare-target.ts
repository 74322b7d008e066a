// Before a copy writes anything: the target must not be the source database, and must hold no
// documents unless `replace` is set, in which case each of its collections is dropped first.
// A refusal names what the target holds and changes nothing.
import type { Db } from 'mongodb';
import { CopyRefusedError } from './copy-errors.js';
import { listCollections, type CollectionInfo } from './list-collections.js';

export interface TargetState {
  /** Collections dropped because `replace` was set. */
  dropped: string[];
  /** Collections the target still holds (empty ones, when not replacing). */
  existing: Set<string>;
}

async function documentCounts(target: Db, collections: CollectionInfo[]): Promise<string[]> {
  const held: string[] = [];
  for (const { name } of collections) {
    const count = await target.collection(name).countDocuments();
    if (count > 0) held.push(`${name} (${count} document${count === 1 ? '' : 's'})`);
  }
  return held;
}

export async function prepareTarget(
  source: CollectionInfo[],
  target: Db,
  replace: boolean,
): Promise<TargetState> {
  const present = await listCollections(target);
  const sourceUuids = new Set(source.flatMap((c) => (c.uuid ? [c.uuid] : [])));
  const shared = present.find((c) => c.uuid !== undefined && sourceUuids.has(c.uuid));
  if (shared) {
    throw new CopyRefusedError(
      `The target database "${target.databaseName}" is the source database (collection ${shared.name} is the same collection); nothing was copied.`,
      'same-database',
    );
  }
  const held = await documentCounts(target, present);
  if (held.length > 0 && !replace) {
    throw new CopyRefusedError(
      `The target database "${target.databaseName}" is not empty: it holds ${held.join(', ')}. Nothing was changed.`,
      'not-empty',
    );
  }
  if (!replace) return { dropped: [], existing: new Set(present.map((c) => c.name)) };
  for (const { name } of present) await target.collection(name).drop();
  return { dropped: present.map((c) => c.name), existing: new Set() };
}

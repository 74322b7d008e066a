// A collection's creation options and secondary indexes, recreated on the target before its
// documents arrive: the same names, keys and options (unique, sparse, TTL, partial filter,
// collation), so that the target enforces what the source enforced from the first insert.
import type { Db, Document, IndexDescription } from 'mongodb';
import type { CollectionInfo } from './list-collections.js';

/** Fields of a listIndexes entry that describe where it lives, not what it is. */
const NOT_OPTIONS = new Set(['v', 'ns', 'key', 'name', 'background']);

/** A listIndexes entry as a createIndexes description (same key, name and options). */
export function indexDescription(spec: Document): IndexDescription {
  const options = Object.fromEntries(Object.entries(spec).filter(([k]) => !NOT_OPTIONS.has(k)));
  return { ...options, key: spec.key as IndexDescription['key'], name: String(spec.name) };
}

/** The secondary indexes of a collection (every one but `_id_`). */
export async function secondaryIndexes(db: Db, name: string): Promise<Document[]> {
  const specs = (await db.collection(name).listIndexes().toArray()) as Document[];
  return specs.filter((s) => s.name !== '_id_');
}

/** Creates the collection (unless the target has it already) and its indexes; returns their names. */
export async function copyIndexes(
  source: Db,
  target: Db,
  collection: CollectionInfo,
  exists: boolean,
): Promise<string[]> {
  if (!exists) await target.createCollection(collection.name, collection.options);
  const specs = await secondaryIndexes(source, collection.name);
  if (specs.length > 0) await target.collection(collection.name).createIndexes(specs.map(indexDescription));
  return specs.map((s) => String(s.name));
}

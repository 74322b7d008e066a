// What an embedded collection selects for a filter two ways: through its index lookup (the
// candidates the collection's indexes give, tested against the filter) and by a full scan, the
// reference. The store's lookup tests compare the two.
import { Query } from 'mingo';
import type { Document } from '../../src/db/embedded/bson.js';
import type { Collection } from '../../src/db/embedded/collection.js';

const ids = (docs: Document[]) => docs.map((d) => d._id as number);

export function viaIndex(coll: Collection, filter: Document): number[] {
  const query = new Query(filter);
  return ids(coll.candidates(filter).filter((d) => query.test(d)));
}

export function viaScan(coll: Collection, filter: Document): number[] {
  const query = new Query(filter);
  return ids(coll.all().filter((d) => query.test(d)));
}

// TTL indexes: removes documents whose indexed date (the earliest one, for an array) is older
// than `expireAfterSeconds`, as mongod's TTL monitor does. Called periodically by the server.
import type { Document } from './bson.js';
import type { Catalog } from './catalog.js';
import { pathValues, toNumber } from './bson-values.js';
import { fieldNames, fromStored, isEncoded, partialDocument } from './stored-form.js';

/** Deletes expired documents in every collection with a TTL index; returns how many. */
export function sweepExpired(catalog: Catalog, now: Date): number {
  let removed = 0;
  for (const db of catalog.databaseNames()) {
    for (const coll of catalog.collections(db)) {
      const ttls = coll
        .secondaryIndexes()
        .filter((i) => i.fields.length === 1 && i.spec.expireAfterSeconds !== undefined);
      if (ttls.length === 0) continue;
      const expired: Document[] = [];
      // the indexed fields alone are decoded to test a document (stored-form.ts)
      const wanted = fieldNames(ttls.map((i) => (i.fields[0] ?? '').split('.')[0] ?? ''));
      for (const stored of coll.allStored()) {
        const doc = isEncoded(stored) ? (partialDocument(stored, wanted) ?? fromStored(stored)) : stored;
        const isExpired = ttls.some((index) => {
          const seconds = toNumber(index.spec.expireAfterSeconds, Number.NaN);
          if (!Number.isFinite(seconds)) return false;
          const dates = pathValues(doc, index.fields[0] ?? '').filter((v): v is Date => v instanceof Date);
          if (dates.length === 0) return false;
          const earliest = Math.min(...dates.map((d) => d.getTime()));
          return earliest + seconds * 1000 <= now.getTime();
        });
        if (isExpired) expired.push(fromStored(stored));
      }
      for (const doc of expired) coll.remove(doc);
      removed += expired.length;
    }
  }
  return removed;
}

// Everything a database holds, in a form two databases can be compared by: per collection its
// indexes (as listIndexes reports them, without the fields that only say where they live) and
// its documents in _id order as canonical Extended JSON, read without promoting BSON values, so
// that an Int32 stored as a Double, a Long as a number or a reordered field is a difference.
import { BSON, type Db, type Document } from 'mongodb';

export interface CollectionSnapshot {
  indexes: Document[];
  documents: string[];
}

const RAW = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true };

export async function snapshotDatabase(db: Db): Promise<Record<string, CollectionSnapshot>> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  const snapshot: Record<string, CollectionSnapshot> = {};
  for (const name of names) {
    const listed = (await db.collection(name).listIndexes().toArray()) as Document[];
    const indexes = listed
      .map(({ v: _v, ns: _ns, background: _bg, ...spec }) => spec)
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const documents: string[] = [];
    for await (const doc of db.collection<Document>(name).find({}, RAW).sort({ _id: 1 })) {
      documents.push(BSON.EJSON.stringify(doc, { relaxed: false }));
    }
    snapshot[name] = { indexes, documents };
  }
  return snapshot;
}

/** Document counts per collection. */
export function countsOf(snapshot: Record<string, CollectionSnapshot>): Record<string, number> {
  return Object.fromEntries(Object.entries(snapshot).map(([name, c]) => [name, c.documents.length]));
}

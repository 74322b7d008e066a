// The store's BSON library: the CommonJS build of `bson`, the instance the MongoDB driver loads.
// `import ... from 'bson'` in an ES module would load bson's ES build, a second copy of the
// library with its own 17 MB serialization buffer (each copy allocates one on first use).
import { createRequire } from 'node:module';
import type * as Bson from 'bson';

const bson = createRequire(import.meta.url)('bson') as typeof Bson;

export const {
  Binary,
  Code,
  DBRef,
  Decimal128,
  Double,
  EJSON,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
  calculateObjectSize,
  deserialize,
  serialize,
} = bson;
export type Binary = Bson.Binary;
export type Decimal128 = Bson.Decimal128;
export type Long = Bson.Long;
export type ObjectId = Bson.ObjectId;
export type UUID = Bson.UUID;
export type Document = Bson.Document;

// One new document inserted as a model's `create` inserts it, without the save machinery
// (docs/performance.md, "Publish, second pass"): the document is built from the fields by the schema (its
// casting and defaults), validated by the schema's validators (as `save` validates it), and its
// BSON, what `save` sends, is inserted with the given options. For the models with no save
// middleware (the version record, the log entry); insert-document.test.ts checks that what it
// stores is what `create` stores.
import type { Document, InsertOneOptions } from 'mongodb';

/** A mongoose model, as far as insertDocument uses it. */
interface InsertableModel<F> {
  new (fields: F): { validate(): Promise<void>; toBSON(): unknown };
  collection: { insertOne(doc: Document, options?: InsertOneOptions): Promise<unknown> };
}

export async function insertDocument<F extends object>(
  model: InsertableModel<F>,
  fields: F,
  options: InsertOneOptions = {},
): Promise<void> {
  const doc = new model(fields);
  await doc.validate();
  await model.collection.insertOne(doc.toBSON() as Document, options);
}

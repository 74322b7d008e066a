// One new document inserted as a model's `create` inserts it, without the save machinery
// (docs/performance.md, "Publish, second pass"): the document is built from the fields by the schema (its
// casting and defaults), validated by the schema's validators (as `save` validates it), and its
// BSON, what `save` sends, is inserted through the store's operations (store-commands.ts: in
// process into an embedded store, else the driver's) with the given options. For the models with
// no save middleware (the version record, the log entry); insert-document.test.ts checks that what
// it stores is what `create` stores, on either path.
// `plain` builds the same document without mongoose (docs/performance.md, "Publish, fourth pass":
// models/version-document.ts, models/log-entry-document.ts); when it gives none (a value the schema
// would cast or refuse), mongoose builds and validates it as above.
import type { Document } from 'mongodb';
import type { StoreCommands, StoreWriteOptions } from './store-commands.js';

/** A mongoose model, as far as insertDocument uses it. */
interface InsertableModel<F> {
  new (fields: F): { validate(): Promise<void>; toBSON(): unknown };
  collection: { collectionName: string };
}

export async function insertDocument<F extends object>(
  commands: StoreCommands,
  model: InsertableModel<F>,
  fields: F,
  options: StoreWriteOptions = {},
  plain?: (fields: Record<string, unknown>) => Document | undefined,
): Promise<void> {
  const built = plain?.(fields as Record<string, unknown>);
  if (built) return commands.insertOne(model.collection.collectionName, built, options);
  const doc = new model(fields);
  await doc.validate();
  await commands.insertOne(model.collection.collectionName, doc.toBSON() as Document, options);
}

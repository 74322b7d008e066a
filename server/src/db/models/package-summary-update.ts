// The package summary's update as a plain document (docs/performance.md, "Publish, fourth pass"):
// what `Package.updateOne(filter, update)` sends once mongoose cast it (castUpdate), built without
// the query: the operators in the order mongoose gives them (the reverse of the update's: `$inc`,
// `$setOnInsert`, `$set`), each operator's fields in their order, and `search`, a subdocument, in its
// schema's order without its undefined paths and with `permissions` (Mixed) copied as mongoose
// copies it (minimize on, as the schema says). Undefined when a value is not one the schema keeps
// as it is: the caller then updates through mongoose.
import {
  isPlainDate,
  isPlainNumber,
  isPlainRecord,
  isPlainString,
  isStringArray,
  NOT_PLAIN,
  plainCopy,
} from '../plain-value.js';
import type { StoreCommands } from '../store-commands.js';

/** The summary's update as refreshPackageSummary makes it. */
export interface SummaryUpdate {
  $set: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown> | undefined;
  $inc: Record<string, unknown>;
}

const SET_KINDS: Record<string, 'string' | 'string?' | 'boolean' | 'date' | 'search'> = {
  latest: 'string',
  latestYanked: 'boolean',
  latestDeprecated: 'string?',
  description: 'string',
  updatedAt: 'date',
  searchText: 'string',
  search: 'search',
  indexedAt: 'date',
  id: 'string',
  createdAt: 'date',
};
const SEARCH_WORD_PATHS = ['name', 'tools', 'properties', 'description', 'skill'] as const;

function searchOf(value: unknown): Record<string, unknown> | typeof NOT_PLAIN {
  if (!isPlainRecord(value) || !isPlainString(value.version, false) || typeof value.verified !== 'boolean')
    return NOT_PLAIN;
  const search: Record<string, unknown> = { version: value.version };
  for (const path of SEARCH_WORD_PATHS) {
    const words = value[path];
    if (words === undefined) continue;
    if (!isStringArray(words)) return NOT_PLAIN;
    search[path] = [...words];
  }
  const permissions = plainCopy(value.permissions, true);
  if (permissions === NOT_PLAIN || permissions === null) return NOT_PLAIN;
  if (permissions !== undefined) search.permissions = permissions;
  search.verified = value.verified;
  return search;
}

function castField(kind: (typeof SET_KINDS)[string], value: unknown): unknown {
  switch (kind) {
    case 'string':
      return isPlainString(value, false) ? value : NOT_PLAIN;
    case 'string?':
      return value === null || isPlainString(value, false) ? value : NOT_PLAIN;
    case 'boolean':
      return typeof value === 'boolean' ? value : NOT_PLAIN;
    case 'date':
      return isPlainDate(value) ? value : NOT_PLAIN;
    case 'search':
      return searchOf(value);
  }
}

function fieldsOf(fields: Record<string, unknown>): Record<string, unknown> | undefined {
  const cast: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const kind = SET_KINDS[key];
    const casted = kind ? castField(kind, value) : NOT_PLAIN;
    if (casted === NOT_PLAIN) return undefined;
    cast[key] = casted;
  }
  return cast;
}

/** The update mongoose would send for `update`; undefined: leave it to mongoose. */
export function packageSummaryUpdate(update: SummaryUpdate): Record<string, unknown> | undefined {
  const { $inc } = update;
  if (Object.keys($inc).length !== 1 || !isPlainNumber($inc.revision)) return undefined;
  const $set = fieldsOf(update.$set);
  const $setOnInsert = update.$setOnInsert && fieldsOf(update.$setOnInsert);
  if (!$set || (update.$setOnInsert && !$setOnInsert)) return undefined;
  return { $inc: { revision: $inc.revision }, ...($setOnInsert ? { $setOnInsert } : {}), $set };
}

/** A model of the packages, as far as updatePackageSummary uses it. */
interface SummaryModel {
  collection: { collectionName: string };
  updateOne(
    filter: Record<string, unknown>,
    update: SummaryUpdate,
    options: { upsert?: boolean },
  ): PromiseLike<unknown>;
}

/**
 * The summary's update, through the store's operations (store-commands.ts) as a plain document,
 * else through mongoose (a value to cast): the same update reaches the store either way.
 */
export async function updatePackageSummary(
  commands: StoreCommands,
  model: SummaryModel,
  filter: { namespace: string; name: string },
  update: SummaryUpdate,
  options: { upsert?: boolean } = {},
): Promise<void> {
  const plain = packageSummaryUpdate(update);
  if (plain) return commands.updateOne(model.collection.collectionName, { ...filter }, plain, options);
  await model.updateOne(filter, update, options);
}

// After a copy: each collection on the target holds as many documents as were copied into it
// and every index of the source (same name, key and options). Differences between what was
// copied and what the source holds now are not errors: they are writes the source took while
// the copy ran, reported so that the operator can copy again with writes stopped.
import type { Db, Document } from 'mongodb';
import { indexDescription, secondaryIndexes } from './copy-indexes.js';

export interface CollectionCheck {
  name: string;
  copied: number;
  target: number;
  /** The source's count at the end of the copy. */
  source: number;
}

function sameIndex(a: Document, b: Document): boolean {
  const canonical = (spec: Document) =>
    JSON.stringify(
      Object.entries(indexDescription(spec))
        .filter(([, value]) => value !== false)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return canonical(a) === canonical(b);
}

/** Problems found (empty when the target holds the copy) and the counts compared. */
export async function verifyCollections(
  source: Db,
  target: Db,
  copied: Map<string, number>,
): Promise<{ checks: CollectionCheck[]; problems: string[] }> {
  const checks: CollectionCheck[] = [];
  const problems: string[] = [];
  for (const [name, count] of copied) {
    const check = {
      name,
      copied: count,
      target: await target.collection(name).countDocuments(),
      source: await source.collection(name).countDocuments(),
    };
    checks.push(check);
    if (check.target !== check.copied) {
      problems.push(`${name}: the target holds ${check.target} documents, ${check.copied} were copied`);
    }
    const present = await secondaryIndexes(target, name);
    for (const spec of await secondaryIndexes(source, name)) {
      if (!present.some((p) => sameIndex(p, spec))) {
        problems.push(`${name}: the target lacks index ${String(spec.name)} as the source defines it`);
      }
    }
  }
  return { checks, problems };
}

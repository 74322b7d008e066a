// The current `revision` of packages, read in batches. Every read is answered by a query sent
// after the read was asked for, so it sees every write acknowledged before that moment (a
// publish that answered 201 has bumped the revision). A query is sent once the current turn of
// the event loop has run its I/O (setImmediate), so that the reads asked by the requests that came
// in that turn share it; reads asked while a query is running wait for it and then share the next
// one: under load, one query answers many requests. The query goes to the driver's collection, not
// through a mongoose Query: it is one indexed `$in` with a projection and nothing to cast or hook
// (docs/performance.md, "The package document since the metrics"). The reads of one package
// waiting for the same query share one promise: a hot package costs one waiting entry a query,
// not one a request (docs/performance.md, "The package document, third pass: CPU per request").
import { formatPackageId, type PackageRef } from '@pkg/shared';
import type { Models } from '../db/models/index.js';

/** Package ids per query (an `$in` on the unique `id` index). */
const MAX_BATCH = 256;

export interface PackageRevisions {
  /** The stored revision of the package, or null when it does not exist. */
  read(ref: PackageRef): Promise<number | null>;
}

/** The reads of one package waiting for the next query: one promise they all get. */
interface Waiter {
  promise: Promise<number | null>;
  resolve: (revision: number | null) => void;
  reject: (error: unknown) => void;
}

function waiter(): Waiter {
  let resolve!: Waiter['resolve'];
  let reject!: Waiter['reject'];
  const promise = new Promise<number | null>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

export function createPackageRevisions(models: Pick<Models, 'Package'>): PackageRevisions {
  let waiting = new Map<string, Waiter>();
  let running = false;

  const take = (): Map<string, Waiter> => {
    if (waiting.size <= MAX_BATCH) {
      const all = waiting;
      waiting = new Map();
      return all;
    }
    const some = new Map<string, Waiter>();
    for (const [id, pending] of waiting) {
      if (some.size === MAX_BATCH) break;
      some.set(id, pending);
      waiting.delete(id);
    }
    return some;
  };

  const run = async (): Promise<void> => {
    try {
      while (waiting.size > 0) {
        const batch = take();
        try {
          const docs = await models.Package.collection
            .find<{ id: string; revision?: number }>(
              { id: { $in: [...batch.keys()] } },
              { projection: { _id: 0, id: 1, revision: 1 } },
            )
            .toArray();
          const found = new Map(docs.map((d) => [d.id, d.revision ?? 0]));
          for (const [id, pending] of batch) pending.resolve(found.get(id) ?? null);
        } catch (error) {
          for (const pending of batch.values()) pending.reject(error);
        }
        // the next query after this turn's I/O: the requests read in it share that query
        if (waiting.size > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  };

  return {
    read(ref) {
      const id = formatPackageId(ref.namespace, ref.name);
      let pending = waiting.get(id);
      if (!pending) waiting.set(id, (pending = waiter()));
      if (!running) {
        running = true;
        setImmediate(() => void run());
      }
      return pending.promise;
    },
  };
}

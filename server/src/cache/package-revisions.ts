// The current `revision` of packages, read in batches. Every read is answered by a query sent
// after the read was asked for, so it sees every write acknowledged before that moment (a
// publish that answered 201 has bumped the revision). Reads asked while a query is running
// wait for it and then share the next one: under load, one query answers many requests.
import { formatPackageId, type PackageRef } from '@pkg/shared';
import type { Models } from '../db/models/index.js';

/** Package ids per query (an `$in` on the unique `id` index). */
const MAX_BATCH = 256;

export interface PackageRevisions {
  /** The stored revision of the package, or null when it does not exist. */
  read(ref: PackageRef): Promise<number | null>;
}

interface Waiter {
  resolve: (revision: number | null) => void;
  reject: (error: unknown) => void;
}

export function createPackageRevisions(models: Pick<Models, 'Package'>): PackageRevisions {
  let waiting = new Map<string, Waiter[]>();
  let running = false;

  const take = (): Map<string, Waiter[]> => {
    if (waiting.size <= MAX_BATCH) {
      const all = waiting;
      waiting = new Map();
      return all;
    }
    const some = new Map<string, Waiter[]>();
    for (const [id, waiters] of waiting) {
      if (some.size === MAX_BATCH) break;
      some.set(id, waiters);
      waiting.delete(id);
    }
    return some;
  };

  const run = async (): Promise<void> => {
    running = true;
    try {
      while (waiting.size > 0) {
        const batch = take();
        try {
          const docs = await models.Package.find(
            { id: { $in: [...batch.keys()] } },
            { id: 1, revision: 1 },
          ).lean<{ id: string; revision?: number }[]>();
          const found = new Map(docs.map((d) => [d.id, d.revision ?? 0]));
          for (const [id, waiters] of batch) for (const w of waiters) w.resolve(found.get(id) ?? null);
        } catch (error) {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        }
      }
    } finally {
      running = false;
    }
  };

  return {
    read(ref) {
      const id = formatPackageId(ref.namespace, ref.name);
      return new Promise((resolve, reject) => {
        const waiters = waiting.get(id);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(id, [{ resolve, reject }]);
        if (!running) void run();
      });
    },
  };
}

// Crash-test driver shared by the store's crash tests: concurrent inserts until a target number
// is acknowledged, then a crash while further inserts are still in flight.
import { MongoServerError } from 'mongodb';
import type { MongoClient } from 'mongodb';

let round = 0;

/**
 * Inserts into `durable.docs` from `workers` concurrent loops until `target` inserts are
 * acknowledged, then calls `crash` while further inserts are still in flight. Returns the
 * acknowledged ids.
 */
export async function writeThenCrash(
  client: MongoClient,
  crash: () => Promise<void>,
  target: number,
  workers = 4,
): Promise<string[]> {
  round += 1;
  const coll = client.db('durable').collection<{ _id: string; w: number; n: number; body: string }>('docs');
  const acked: string[] = [];
  let crashing: Promise<void> | undefined;
  const loop = async (w: number): Promise<void> => {
    for (let n = 0; ; n++) {
      const _id = `r${round}-w${w}-${n}`;
      try {
        await coll.insertOne({ _id, w, n, body: 'b'.repeat(200) });
      } catch (err) {
        if (err instanceof MongoServerError) throw err; // a real failure, not the crash
        return; // the server is gone
      }
      acked.push(_id);
      if (acked.length >= target) crashing ??= crash();
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  await crashing;
  return acked;
}

/** The ids stored in `durable.docs`. */
export async function storedIds(client: MongoClient): Promise<Set<string>> {
  const docs = await client
    .db('durable')
    .collection<{ _id: string }>('docs')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return new Set(docs.map((d) => d._id));
}

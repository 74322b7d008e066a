// The in-process path keeps a publish's crash states (docs/performance.md, "Publish, third pass:
// the store path"): a child runs the embedded store and a publish's writes through its
// in-process `run` (test/store/in-process-child.mjs: chunk, file document, version, log entry
// journaled later, then the summary journaled) until it is killed with SIGKILL. After the restart,
// every acknowledged operation is stored whole, and any operation is stored only as a prefix of
// its steps: no step without every step before it. Embedded store only
// (vitest.mongodb.config.ts leaves it out).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStoreModule, crash, killChildStores, startChildStore } from './child-store.js';
import type { ChildStore } from './child-store.js';
import { crashTestResources } from './store-uri.js';

const STEPS = ['chunks', 'files', 'versions', 'log', 'summary'];
const { newDir, connect, closeClients, removeDirs } = crashTestResources();
const children: ChildStore[] = [];

afterAll(async () => {
  await closeClients();
  await killChildStores(children);
  removeDirs();
});

/** Starts the child on `dir`; resolves with it and the operations acknowledged, once `target` are. */
function runUntilAcknowledged(dir: string, target: number): Promise<{ store: ChildStore; acked: number[] }> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'in-process-child.mjs'), buildStoreModule(), dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const store: ChildStore = { uri: '', child, exited };
  children.push(store);
  const acked: number[] = [];
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const ack = /^ACK (\d+)$/.exec(line);
        if (ack) acked.push(Number(ack[1]));
        if (acked.length === target) resolve({ store, acked });
      }
    });
    child.once('exit', (code) => reject(new Error(`the child exited with ${code}: ${err}`)));
  });
}

describe('a publish through the in-process path, killed with SIGKILL', () => {
  it('keeps every acknowledged operation whole, and any other as a prefix of its steps', async () => {
    const dir = newDir();
    const { store, acked } = await runUntilAcknowledged(dir, 40);
    // killed while the next operations are in flight
    await crash(store);

    const after = await startChildStore(dir);
    children.push(after);
    const client = await connect(after.uri);
    const stored = await Promise.all(
      STEPS.map(async (step) => {
        const docs = await client
          .db('steps')
          .collection<{ _id: number }>(step)
          .find({}, { projection: { _id: 1 } })
          .toArray();
        return new Set(docs.map((d) => d._id));
      }),
    );
    for (const n of acked)
      expect(
        STEPS.filter((_, k) => !stored[k]?.has(n)),
        `operation ${n}`,
      ).toEqual([]);
    for (let k = 1; k < STEPS.length; k++) {
      const orphans = [...(stored[k] ?? [])].filter((n) => !stored[k - 1]?.has(n));
      expect(orphans, `${STEPS[k]} without ${STEPS[k - 1]}`).toEqual([]);
    }
    await crash(after);
  });
});

// Writes with `writeConcern: { j: false }` (embedded store internals): answered before their
// journal record is fsynced, and made durable by the next journaled write, which waits for every
// record committed before it; a publish's steps rely on this (docs/performance.md, "Publish").
import { afterAll, describe, expect, it } from 'vitest';
import { crash, killChildStores, startChildStore } from './child-store.js';
import type { ChildStore } from './child-store.js';
import { crashTestResources } from './store-uri.js';

const { newDir, connect, closeClients, removeDirs } = crashTestResources();
const children: ChildStore[] = [];

afterAll(async () => {
  await closeClients();
  await killChildStores(children);
  removeDirs();
});

describe('unjournaled writes on the embedded store (the MongoDB workflow leaves this file out)', () => {
  it('are durable once a later journaled write is acknowledged, across SIGKILL', async () => {
    const dir = newDir();
    const first = await startChildStore(dir);
    children.push(first);
    const client = await connect(first.uri);
    const docs = client.db('durable').collection<{ _id: string; step: number }>('steps');
    const unjournaled = { writeConcern: { j: false } };
    // the steps of one operation, each depending on the one before, then its journaled last write
    for (let step = 0; step < 50; step++) {
      await docs.insertOne({ _id: `op-${step}`, step }, unjournaled);
      await docs.updateOne({ _id: `op-${step}` }, { $set: { updated: true } }, unjournaled);
    }
    await docs.insertOne({ _id: 'last', step: 50 });
    await crash(first);

    const second = await startChildStore(dir);
    children.push(second);
    const after = await connect(second.uri);
    const stored = await after
      .db('durable')
      .collection<{ _id: string; step: number; updated?: boolean }>('steps')
      .find({}, { sort: { step: 1 } })
      .toArray();
    expect(stored).toHaveLength(51);
    expect(stored.filter((d) => d._id !== 'last').every((d) => d.updated === true)).toBe(true);
    await crash(second);
  });
});

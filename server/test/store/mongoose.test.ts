// Mongoose 9 models against the store: create / find / update / delete, populate, lean queries,
// timestamps, findOneAndUpdate with `new`, upserts, countDocuments and ObjectId references.
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, uniqueDbName } from './store-uri.js';
import type { TestStore } from './store-uri.js';

let store: TestStore;
let conn: Connection;

beforeAll(async () => {
  store = await openTestStore();
  conn = await mongoose.createConnection(store.uri, { dbName: uniqueDbName('mongoose') }).asPromise();
});

afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
  await store.close();
});

describe('mongoose models', () => {
  it('runs the usual model operations', async () => {
    const authorSchema = new mongoose.Schema(
      { name: { type: String, required: true }, born: Date },
      { timestamps: true },
    );
    const bookSchema = new mongoose.Schema(
      {
        title: { type: String, required: true, index: true },
        author: { type: mongoose.Schema.Types.ObjectId, ref: 'Author' },
        pages: Number,
        tags: [String],
        price: mongoose.Schema.Types.Decimal128,
      },
      { timestamps: true },
    );
    const Author = conn.model('Author', authorSchema);
    const Book = conn.model('Book', bookSchema);
    await Promise.all([Author.init(), Book.init()]);

    const ada = await Author.create({ name: 'Ada', born: new Date('1815-12-10') });
    expect(ada.createdAt).toBeInstanceOf(Date);
    await Book.create([
      { title: 'Notes', author: ada._id, pages: 40, tags: ['math'], price: '9.99' },
      { title: 'Letters', author: ada._id, pages: 120, tags: ['history', 'math'] },
      { title: 'Orphan', pages: 5 },
    ]);

    const notes = await Book.findOne({ title: 'Notes' }).populate<{ author: { name: string } }>('author');
    expect(notes?.author.name).toBe('Ada');
    expect(notes?.price?.toString()).toBe('9.99');

    const lean = await Book.find({ tags: 'math' }).sort({ pages: -1 }).select('title pages -_id').lean();
    expect(lean).toEqual([
      { title: 'Letters', pages: 120 },
      { title: 'Notes', pages: 40 },
    ]);
    expect(await Book.countDocuments({ pages: { $lt: 100 } })).toBe(2);
    expect(await Book.estimatedDocumentCount()).toBe(3);

    const updated = await Book.findOneAndUpdate(
      { title: 'Orphan' },
      { $inc: { pages: 1 }, $addToSet: { tags: 'lost' } },
      { returnDocument: 'after' },
    );
    expect(updated?.pages).toBe(6);
    expect(updated?.tags).toEqual(['lost']);
    expect(updated?.updatedAt.getTime()).toBeGreaterThanOrEqual(updated?.createdAt.getTime() ?? Infinity);

    const upserted = await Book.findOneAndUpdate(
      { title: 'Fresh' },
      { pages: 1 },
      { upsert: true, returnDocument: 'after' },
    );
    expect(upserted?.createdAt).toBeInstanceOf(Date);

    const res = await Book.updateMany({ author: ada._id }, { $set: { tags: [] } });
    expect(res).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const doc = await Book.findOne({ title: 'Letters' });
    expect(doc).not.toBeNull();
    if (doc) {
      doc.pages = 121;
      await doc.save();
    }
    expect((await Book.findById(doc?._id).lean())?.pages).toBe(121);

    expect((await Book.deleteOne({ title: 'Fresh' })).deletedCount).toBe(1);
    expect(await Book.distinct('title')).toEqual(expect.arrayContaining(['Notes', 'Letters', 'Orphan']));
    const indexes = await Book.listIndexes();
    expect(indexes.map((i: { name?: string }) => i.name)).toContain('title_1');

    const byAuthor = await Book.aggregate<{ _id: mongoose.Types.ObjectId | null; n: number }>([
      { $group: { _id: '$author', n: { $sum: 1 } } },
      { $sort: { n: -1 } },
    ]);
    expect(byAuthor[0]?.n).toBe(2);
    expect(String(byAuthor[0]?._id)).toBe(String(ada._id));
  });
});

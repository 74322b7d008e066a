// Global setup of vitest.mongodb.config.ts: the run is about MONGODB_URI, so it stops at once,
// naming the problem, when the variable is missing or its server does not answer a ping.
import { MongoClient } from 'mongodb';
import { redactUri } from '../../src/db/redact-uri.js';

export default async function requireMongoDb(): Promise<void> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('vitest.mongodb.config.ts runs the suites against MONGODB_URI: set it.');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`MONGODB_URI (${redactUri(uri)}) does not answer: ${reason}`, { cause: error });
  } finally {
    await client.close();
  }
}

// A database of its own on the MongoDB that MONGODB_URI names, for one test server or suite: a
// unique name, dropped at the end, so that suites sharing one MongoDB never see each other's
// data. Credentials keep authenticating where the given URI did (its authSource).
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { ConnectionString } from 'mongodb-connection-string-url';

export interface FreshDatabase {
  /** The given URI with the fresh database as its path. */
  uri: string;
  name: string;
  drop(): Promise<void>;
}

export function freshDatabase(baseUri: string, label = 'pkg_test'): FreshDatabase {
  const parsed = new ConnectionString(baseUri);
  const authDb = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'admin';
  if (parsed.username && !parsed.searchParams.has('authSource'))
    parsed.searchParams.set('authSource', authDb);
  const name = `${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  parsed.pathname = `/${name}`;
  const uri = parsed.toString();
  return {
    uri,
    name,
    async drop() {
      const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
      try {
        await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

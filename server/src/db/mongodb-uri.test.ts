import { describe, expect, test } from 'vitest';
import { MongoUriError, parseMongoUri } from './mongodb-uri.js';

describe('parseMongoUri', () => {
  test.each([
    ['mongodb://127.0.0.1:27017', 'pkg'],
    ['mongodb://127.0.0.1:27017/', 'pkg'],
    ['mongodb://127.0.0.1:27017/?directConnection=true', 'pkg'],
    ['mongodb://ops:s3cret@h1,h2:27018/registry?replicaSet=rs0&authSource=admin', 'registry'],
    ['mongodb+srv://ops:s3cret@cluster0.example.net/prod-pkg?retryWrites=true', 'prod-pkg'],
    ['mongodb://h/pkg%5Fprod', 'pkg_prod'],
  ])('%s uses database %s', (uri, database) => {
    const parsed = parseMongoUri(uri);
    expect(parsed.database).toBe(database);
    expect(parsed.displayUri).not.toContain('s3cret');
  });

  test.each([
    ['postgres://ops:s3cret@h/pkg', 'must start with mongodb:// or mongodb+srv://'],
    ['mongodb://ops:s3cret@', 'Protocol and host list are required'],
    ['mongodb://ops:s3cret@h/a.b', '"a.b" is not a MongoDB database name'],
    ['mongodb://ops:s3cret@h/a%2Fb', '"a/b" is not a MongoDB database name'],
    [`mongodb://ops:s3cret@h/${'x'.repeat(64)}`, 'is not a MongoDB database name'],
  ])('%s is refused without its password', (uri, reason) => {
    const error = (() => {
      try {
        parseMongoUri(uri);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MongoUriError);
    expect((error as MongoUriError).reason).toContain(reason);
    expect((error as MongoUriError).message).not.toContain('s3cret');
  });
});

// The driver's errors for a database that went away (stopped, unreachable, or closed while a
// request was still running, as during a shutdown) are 503 STORAGE_UNAVAILABLE with
// Retry-After, never a 500 logged as unexpected; other database errors stay unexpected.
import {
  MongoClientClosedError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerError,
  MongoTopologyClosedError,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../middleware/error-body.js';

/** What the driver throws at operations waiting for a pool it cleared after a network error. */
class PoolClearedError extends MongoNetworkError {
  override get name(): string {
    return 'MongoPoolClearedError';
  }
}

describe('database errors as HTTP answers', () => {
  it.each([
    ['a network error', new MongoNetworkError('connection reset')],
    ['a client not connected', new MongoNotConnectedError('not connected')],
    ['a closed topology', new MongoTopologyClosedError()],
    ['a server closed under a running query', new MongoServerClosedError()],
    ['a client closed under a running query', new MongoClientClosedError()],
    ['a pool cleared after a network error', new PoolClearedError('connection pool cleared')],
  ])('%s is 503 STORAGE_UNAVAILABLE with Retry-After', (_what, error) => {
    const http = toHttpError(error);
    expect(http.status).toBe(503);
    expect(http.body.error.code).toBe('STORAGE_UNAVAILABLE');
    expect(http.retryAfter).toBeGreaterThan(0);
    expect(http.unexpected).toBeFalsy();
  });

  it('a server-side failure of a command is not mistaken for an outage', () => {
    const http = toHttpError(new MongoServerError({ message: 'boom', code: 2, codeName: 'BadValue' }));
    expect(http.status).toBe(500);
    expect(http.unexpected).toBe(true);
  });
});

// The envelope schemas and isLive(): every status, absent fields stay absent.
import { describe, expect, test } from 'vitest';
import { isLive } from '../../src/contract/is-live.js';
import {
  compositeResult,
  errorResult,
  liveResult,
  toResult,
  unavailableResult,
} from '../../src/data/result.js';
import { compositeResultSchema, resultSchema } from '../../src/contract/result-schema.js';
import { CHAINS } from '../../src/data/chains.js';
import { NotFoundError } from '../../src/data/errors/data-errors.js';

const provenance = {
  source: 'alchemy',
  chain: 'robinhood',
  chainId: 4663,
  fetchedAt: '2026-10-01T12:00:00.000Z',
  fresh: true,
  requestId: 'r1',
};

describe('envelope', () => {
  test('LIVE, CACHED, UNAVAILABLE and ERROR parse; isLive is true only for LIVE', () => {
    const live = liveResult({ wei: '1' }, provenance);
    const cached = { ...live, status: 'CACHED' as const, provenance: { ...provenance, fresh: false } };
    const unavailable = unavailableResult({
      capability: 'explorer.counters',
      provider: 'blockscout',
      network: CHAINS.robinhood.key,
      reason: 'not configured',
      now: 0,
    });
    const error = errorResult('NOT_FOUND', 'transaction not found', [
      { provider: 'alchemy', error: 'not_found: x' },
    ]);
    for (const r of [live, cached, unavailable, error]) expect(resultSchema.parse(r)).toEqual(r);
    expect([live, cached, unavailable, error].map((r) => isLive(r))).toEqual([true, false, false, false]);
  });

  test('absent fields stay absent: no 0, empty string or null placeholders', () => {
    const live = liveResult({}, provenance);
    expect(Object.keys(live.provenance)).toEqual([
      'source',
      'chain',
      'chainId',
      'fetchedAt',
      'fresh',
      'requestId',
    ]);
    expect(
      resultSchema.safeParse({ ...live, provenance: { ...provenance, blockNumber: null } }).success,
    ).toBe(false);
    expect(resultSchema.safeParse({ ...live, code: 'NOT_FOUND' }).success).toBe(false);
    expect(resultSchema.safeParse({ status: 'LIVE', data: 1 }).success).toBe(false);
  });

  test('toResult maps typed errors and redacts', () => {
    const r = toResult(
      new NotFoundError('tx 0xabc not found at https://h.example/v2/sk_123456?k=sk_123456'),
      { redact: (t) => t.replaceAll('sk_123456', '{key}') },
    );
    expect(r).toEqual({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: 'tx 0xabc not found at https://h.example/v2/{key}?k={redacted}',
      attemptedProviders: [],
    });
  });

  test('composite: sections with their own status; LIVE when any section is live', () => {
    const live = liveResult(1, provenance);
    const unavailable = unavailableResult({
      capability: 'c',
      provider: 'p',
      network: CHAINS.robinhood.key,
      reason: 'r',
      now: 0,
    });
    const composite = compositeResult({ a: live, b: unavailable });
    expect(compositeResultSchema.parse(composite)).toEqual({
      status: 'LIVE',
      sections: { a: live, b: unavailable },
    });
    expect(isLive(composite)).toBe(true);
    expect(compositeResult({ b: unavailable })).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
    });
  });
});

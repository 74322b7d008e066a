import { describe, expect, test } from 'vitest';
import { failedAnswer } from './http-answer.js';
import { httpErrors, noData, refused, type StatusRow } from './http-errors.js';

const answer = (status: number, text = '{"message":"nope"}', headers: Record<string, string> = {}) =>
  failedAnswer(
    { status, text, headers: new Headers(headers) },
    { where: 'vendor GET /x', options: { provider: 'vendor' }, errorText: () => 'nope' },
  );

describe('httpErrors: the default table', () => {
  const errorOf = httpErrors();

  test.each([
    [401, 'AuthFailedError', 'auth_failed', false, 'key rejected (vendor GET /x: HTTP 401 nope)'],
    [403, 'AuthFailedError', 'auth_failed', false, 'key rejected (vendor GET /x: HTTP 403 nope)'],
    [429, 'RateLimitedError', 'rate_limited', false, 'vendor GET /x: HTTP 429 nope'],
    [400, 'RequestRefusedError', 'refused', false, 'vendor GET /x: HTTP 400 nope'],
    [404, 'RequestRefusedError', 'refused', false, 'vendor GET /x: HTTP 404 nope'],
    [500, 'ProviderError', 'failure', true, 'vendor GET /x: HTTP 500 nope'],
    [503, 'ProviderError', 'failure', true, 'vendor GET /x: HTTP 503 nope'],
    [304, 'ProviderError', 'failure', false, 'vendor GET /x: HTTP 304 nope'],
  ])('%i → %s', (status, name, kind, transient, message) => {
    const error = errorOf(answer(status));
    expect(error).toMatchObject({ name, kind, transient, status, provider: 'vendor' });
    expect(error.shortMessage).toBe(message);
  });

  test("a 429 carries the answer's Retry-After in milliseconds", () => {
    expect(errorOf(answer(429, '', { 'retry-after': '3' }))).toMatchObject({ retryAfterMs: 3000 });
  });

  test('a body that is not JSON is said as such', () => {
    expect(errorOf(answer(502, '<html>')).shortMessage).toBe('vendor GET /x: non-JSON response (HTTP 502)');
  });

  test('keyStatuses: [] makes 401 and 403 refusals; [401] leaves 403 a refusal', () => {
    const keyless = httpErrors([], { keyStatuses: [] });
    expect(keyless(answer(401))).toMatchObject({ kind: 'refused' });
    expect(keyless(answer(403))).toMatchObject({ kind: 'refused' });
    const only401 = httpErrors([], { keyStatuses: [401] });
    expect(only401(answer(401))).toMatchObject({ kind: 'auth_failed' });
    expect(only401(answer(403))).toMatchObject({ kind: 'refused' });
  });
});

describe("httpErrors: a vendor's rows", () => {
  const rows: StatusRow[] = [
    { status: 404, when: (a) => a.detail === 'gone', error: noData() },
    { status: '4xx', error: refused((a) => `vendor refused: ${a.status}`) },
    { status: 'any', when: (a) => a.response.headers.get('x-quota') === '0', error: noData(() => 'quota') },
  ];
  const errorOf = httpErrors(rows);

  test('an exact row is tried before a class row, a class row before the default class row', () => {
    expect(errorOf(answer(404))).toMatchObject({ kind: 'refused', shortMessage: 'vendor refused: 404' });
    expect(errorOf(answer(418))).toMatchObject({ shortMessage: 'vendor refused: 418' });
  });

  test("a row whose condition fails falls through; the default exact rows beat a vendor's class row", () => {
    const gone = { ...answer(404), detail: 'gone' };
    expect(errorOf(gone)).toMatchObject({ kind: 'no_data' });
    expect(errorOf(answer(401))).toMatchObject({ kind: 'auth_failed' });
    expect(errorOf(answer(429))).toMatchObject({ kind: 'rate_limited' });
  });

  test('an `any` row is tried before every status row', () => {
    expect(errorOf(answer(429, '', { 'x-quota': '0' }))).toMatchObject({
      kind: 'no_data',
      shortMessage: 'quota',
    });
  });
});

// The per-day counter ids and times of the AI quotas (server/src/services/website/ai/daily-counter.ts):
// days are UTC, a counter resets at the next 00:00 UTC, and its id is a keyed hash that changes
// with the key, the kind, the subject and the day, never the subject in clear.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { counterId, inWords, secondsUntil, utcDay } from '../../src/services/website/ai/daily-counter.js';

const key = new Uint8Array(32).fill(7);
const ADDRESS = '0x52038875ba975989cbf3ed165551efc619aafd76';

describe('daily counters', () => {
  test('a day is the UTC date; it resets at the next 00:00 UTC', () => {
    expect(utcDay(new Date('2031-03-10T23:59:59.999Z'))).toEqual({
      day: '2031-03-10',
      resetsAt: new Date('2031-03-11T00:00:00.000Z'),
    });
    expect(utcDay(new Date('2031-03-11T00:00:00.000Z')).day).toBe('2031-03-11');
    expect(secondsUntil(new Date('2031-03-10T18:48:00Z'), new Date('2031-03-11T00:00:00Z'))).toBe(18_720);
  });

  test('the reset time in words', () => {
    expect(inWords(18_720)).toBe('5 h 12 min');
    expect(inWords(43_200)).toBe('12 h');
    expect(inWords(180)).toBe('3 min');
    expect(inWords(59)).toBe('less than a minute');
  });

  test('ids are keyed hashes of kind, subject and day', () => {
    const id = counterId(key, 'holder', ADDRESS, '2031-03-10');
    expect(id).toMatch(/^q:[\w-]{43}$/);
    expect(id.toLowerCase()).not.toContain(ADDRESS.slice(2));
    expect(id).not.toContain(createHash('sha256').update(ADDRESS).digest('base64url'));
    const others = [
      counterId(new Uint8Array(32).fill(8), 'holder', ADDRESS, '2031-03-10'),
      counterId(key, 'visitor', ADDRESS, '2031-03-10'),
      counterId(key, 'holder', ADDRESS, '2031-03-11'),
      counterId(key, 'holder', '0x52038875ba975989cbf3ed165551efc619aafd77', '2031-03-10'),
    ];
    for (const other of others) expect(other).not.toBe(id);
    expect(counterId(key, 'holder', ADDRESS, '2031-03-10')).toBe(id);
  });
});

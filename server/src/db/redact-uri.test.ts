import { describe, expect, test } from 'vitest';
import { redactUri } from './redact-uri.js';

describe('redactUri', () => {
  test.each([
    ['mongodb://admin:hunter2@db.example.net:27017/pkg', 'mongodb://admin:***@db.example.net:27017/pkg'],
    [
      'mongodb+srv://u:p%40ss@cluster0.example.net/pkg?retryWrites=true',
      'mongodb+srv://u:***@cluster0.example.net/pkg?retryWrites=true',
    ],
    ['mongodb://127.0.0.1:27017/', 'mongodb://127.0.0.1:27017/'],
    ['mongodb://h/db?authMechanism=X&password=abc', 'mongodb://h/db?authMechanism=X&password=***'],
  ])('%s → %s', (input, expected) => {
    expect(redactUri(input)).toBe(expected);
  });
});

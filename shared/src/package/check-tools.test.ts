// What an author checks: which JSON Schema files are accepted for tool input and output.
import { describe, expect, test } from 'vitest';
import { checkSchemaFile } from './check-tools.js';

const check = (schema: unknown) => checkSchemaFile('schemas/x.json', Buffer.from(JSON.stringify(schema)));

describe('checkSchemaFile', () => {
  test.each([
    [
      'an object schema',
      { type: 'object', properties: { a: { type: 'string', format: 'email' } }, required: ['a'] },
    ],
    [
      'an explicit 2020-12 $schema',
      { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' },
    ],
    [
      'prefixItems (2020-12 only)',
      { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 1 },
    ],
    [
      'a local $ref',
      { $defs: { s: { type: 'string' } }, type: 'object', properties: { a: { $ref: '#/$defs/s' } } },
    ],
  ])('%s is valid', (_name, schema) => {
    expect(check(schema)).toEqual([]);
  });
  test.each([
    ['an unknown type', { type: 'strin' }],
    ['an unknown keyword (strict mode)', { type: 'object', propertys: {} }],
    ['a draft-07 $schema', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' }],
    ['a remote $ref (never fetched)', { $ref: 'https://example.com/schema.json' }],
    ['an array instead of an object', [{ type: 'string' }]],
    ['required without properties (strict mode)', { type: 'object', required: ['a'] }],
  ])('%s is SCHEMA_INVALID', (_name, schema) => {
    expect(check(schema).map((p) => p.code)).toEqual(['SCHEMA_INVALID']);
  });
  test('a schema nested too deeply is rejected without a stack overflow', () => {
    const deep = `${'{"not":'.repeat(30_000)}{}${'}'.repeat(30_000)}`;
    expect(checkSchemaFile('schemas/x.json', Buffer.from(deep)).map((p) => p.code)).toEqual([
      'SCHEMA_INVALID',
    ]);
  });
});

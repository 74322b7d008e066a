// The ahead-of-time meta-schema validator is exactly what the installed ajv generates, and
// schema checks refuse what Ajv's own meta-schema check refused.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { metaValidatorSource } from '../../scripts/json-schema-meta-source.mjs';
import { checkJsonSchema, compileJsonSchema } from './json-schema.js';

describe('JSON Schema 2020-12 checks', () => {
  test('the generated meta-schema validator matches the installed ajv (regenerate after upgrading ajv)', () => {
    const committed = readFileSync(new URL('./json-schema-meta.gen.js', import.meta.url), 'utf8');
    expect(committed).toBe(metaValidatorSource());
  });

  test.each([
    [{ type: 12 }, /schema is invalid: .*type/],
    [{ properties: 5 }, /schema is invalid: .*properties/],
    [{ minLength: -1 }, /schema is invalid: .*minLength/],
    [{ required: 'name' }, /schema is invalid: .*required/],
    [{ type: 'object', unknownKeyword: true }, /strict mode: unknown keyword/],
  ])('%o is refused', (schema, message) => {
    expect(() => checkJsonSchema(schema)).toThrow(message);
  });

  test('a schema checked again gets the same answer: refused again, or passed again', () => {
    const refused = { type: 'object', unknownKeyword: true };
    expect(() => checkJsonSchema(refused)).toThrow(/strict mode: unknown keyword/);
    expect(() => checkJsonSchema(refused)).toThrow(/strict mode: unknown keyword/);
    const passes = { type: 'object', properties: { city: { type: 'string' } } };
    expect(() => checkJsonSchema(passes)).not.toThrow();
    expect(() => checkJsonSchema(passes)).not.toThrow();
    // one character apart from a schema that passed is checked on its own
    expect(() => checkJsonSchema({ type: 'object', properties: { city: { type: 'strin' } } })).toThrow(
      /schema is invalid/,
    );
  });

  test('a valid schema compiles into a validator that lists every error', () => {
    const validate = compileJsonSchema({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name', 'age'],
    });
    expect(validate({ name: 'Ada', age: 36 })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate.errors).toHaveLength(2);
  });
});

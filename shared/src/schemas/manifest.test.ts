// What an author checks: which manifests, tool entries and permission declarations are valid.
import { describe, expect, test } from 'vitest';
import { type Manifest, type Permissions, manifestSchema, permissionsSchema } from './manifest.js';

const base: Manifest = {
  specVersion: 1,
  namespace: 'acme',
  name: 'hello',
  version: '1.0.0',
  description: 'Greets.',
  permissions: { fs: { read: [], write: [] }, network: [], env: [] },
  tools: [{ name: 'hello', description: 'Greets.', entry: 'tools/hello.js', inputSchema: 'schemas/in.json' }],
};

const permissions = (p: Partial<Permissions>) => permissionsSchema.safeParse({ ...base.permissions, ...p });

describe('manifest', () => {
  test('a minimal manifest is valid and parses to itself', () => {
    expect(manifestSchema.parse(base)).toEqual(base);
  });
  test('unknown members and dependencies are rejected', () => {
    const result = manifestSchema.safeParse({ ...base, dependencies: {}, main: 'x' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['dependencies', 'main'] }),
    ]);
  });
  test.each([
    ['specVersion 2', { specVersion: 2 }],
    ['an empty description', { description: '  ' }],
    ['a tool entry outside the package', { tools: [{ ...base.tools[0], entry: '../x.js' }] }],
    ['a tool entry that is not JavaScript', { tools: [{ ...base.tools[0], entry: 'tools/x.ts' }] }],
    ['a schema outside schemas/', { tools: [{ ...base.tools[0], inputSchema: 'in.json' }] }],
    ['a hidden tool entry', { tools: [{ ...base.tools[0], entry: 'tools/.x.js' }] }],
    ['a tool name with capitals', { tools: [{ ...base.tools[0], name: 'Hello' }] }],
    ['two tools with one name', { tools: [base.tools[0], base.tools[0]] }],
    ['an unknown tool member', { tools: [{ ...base.tools[0], run: 'x' }] }],
  ])('%s is rejected', (_name, change) => {
    expect(manifestSchema.safeParse({ ...base, ...change }).success).toBe(false);
  });
});

describe('permissions', () => {
  test.each(['data', 'data/*.json', '.', 'out/report.txt'])('fs path %s is accepted', (p) => {
    expect(permissions({ fs: { read: [p], write: [p] } }).success).toBe(true);
  });
  test.each(['/etc/passwd', '../secrets', 'a/../../b', 'C:/x', 'a\\b', '~/.ssh', ''])(
    'fs path %j is rejected',
    (p) => {
      expect(permissions({ fs: { read: [p], write: [] } }).success).toBe(false);
    },
  );
  test.each(['api.example.com', '*.example.com', 'localhost'])('network entry %s is accepted', (host) => {
    expect(permissions({ network: [host] }).success).toBe(true);
  });
  test.each([
    '*',
    '*.com',
    'https://api.example.com',
    'api.example.com:443',
    'API.example.com',
    'a..b',
    '*.*.x.com',
  ])('network entry %j is rejected', (host) => {
    expect(permissions({ network: [host] }).success).toBe(false);
  });
  test.each(['HOME', 'API_KEY', '_X'])('env entry %s is accepted', (name) => {
    expect(permissions({ env: [name] }).success).toBe(true);
  });
  test.each(['1X', 'A-B', 'A=B', ''])('env entry %j is rejected', (name) => {
    expect(permissions({ env: [name] }).success).toBe(false);
  });
  test('duplicate entries are rejected', () => {
    expect(permissions({ env: ['A', 'A'] }).success).toBe(false);
  });
});

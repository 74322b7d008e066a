import { describe, expect, test } from 'vitest';
import type { Permissions } from '../../schemas/manifest.js';
import { isEmptyPermissions, permissionDiff, permissionEntries } from './permission-diff.js';

const none: Permissions = { fs: { read: [], write: [] }, network: [], env: [] };

describe('permissionDiff', () => {
  test('gives what the next version adds and drops, per kind', () => {
    const previous: Permissions = {
      fs: { read: ['data/'], write: [] },
      network: ['api.example.com'],
      env: ['A'],
    };
    const next: Permissions = {
      fs: { read: ['data/'], write: ['out/'] },
      network: ['api.example.com', 'cdn.example.com'],
      env: ['B'],
    };
    expect(permissionDiff(previous, next)).toEqual({
      added: { fs: { read: [], write: ['out/'] }, network: ['cdn.example.com'], env: ['B'] },
      removed: { fs: { read: [], write: [] }, network: [], env: ['A'] },
    });
  });

  test('equal permissions differ in nothing', () => {
    const p: Permissions = { fs: { read: ['a'], write: ['b'] }, network: ['x.example.com'], env: ['K'] };
    const diff = permissionDiff(p, p);
    expect(isEmptyPermissions(diff.added)).toBe(true);
    expect(isEmptyPermissions(diff.removed)).toBe(true);
  });

  test('entries are listed one a line', () => {
    const { added } = permissionDiff(none, { ...none, network: ['api.example.com'], env: ['KEY'] });
    expect(permissionEntries(added)).toEqual(['network api.example.com', 'env KEY']);
  });
});

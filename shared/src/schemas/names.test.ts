// What a publisher checks: which namespaces, names, package ids and versions the registry accepts.
import { describe, expect, test } from 'vitest';
import {
  namespaceSchema,
  packageIdSchema,
  packageNameSchema,
  parsePackageId,
  versionSchema,
} from './names.js';

describe('names', () => {
  test.each(['a', 'acme', 'a-b', 'x1', 'a'.repeat(39)])('namespace %s is accepted', (ns) => {
    expect(namespaceSchema.safeParse(ns).success).toBe(true);
  });
  test.each(['', 'A', '-a', 'a-', 'a_b', 'a.b', 'a'.repeat(40), '__proto__', '@acme'])(
    'namespace %j is rejected',
    (ns) => {
      expect(namespaceSchema.safeParse(ns).success).toBe(false);
    },
  );
  test.each(['a', 'hello', 'my.tool_v2-x', 'a'.repeat(64)])('package name %s is accepted', (name) => {
    expect(packageNameSchema.safeParse(name).success).toBe(true);
  });
  test.each(['', '.a', 'a.', '_a', 'Hello', 'a/b', 'a'.repeat(65), 'constructor '])(
    'package name %j is rejected',
    (name) => {
      expect(packageNameSchema.safeParse(name).success).toBe(false);
    },
  );
  test('package ids are @ns/name', () => {
    expect(packageIdSchema.safeParse('@acme/hello').success).toBe(true);
    expect(packageIdSchema.safeParse('acme/hello').success).toBe(false);
    expect(parsePackageId('@acme/my.tool')).toEqual({ namespace: 'acme', name: 'my.tool' });
    expect(parsePackageId('@acme/%2e%2e')).toBeUndefined();
  });
});

describe('versions', () => {
  test.each(['0.0.0', '1.2.3', '1.0.0-beta.1', '10.20.30-rc.1.x-y'])('%s is an exact version', (v) => {
    expect(versionSchema.safeParse(v).success).toBe(true);
  });
  test.each(['1.0', 'v1.0.0', '=1.0.0', '^1.0.0', '01.0.0', '1.0.0-01', ' 1.0.0', 'latest'])(
    '%j is not',
    (v) => {
      const result = versionSchema.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ params: { problem: 'VERSION_INVALID' } });
    },
  );
  test('build metadata is rejected with its own problem code', () => {
    const result = versionSchema.safeParse('1.0.0+build.1');
    expect(result.error?.issues[0]).toMatchObject({ params: { problem: 'VERSION_BUILD_METADATA' } });
    expect(result.error?.issues[0]?.message).toMatchInlineSnapshot(
      `"build metadata is not allowed in a version ("1.0.0+build.1"); drop the "+…" suffix"`,
    );
  });
});

// The allocator's settings reach the server wherever it is started by a start script, and a
// server started without them on Linux says so (docs/operator.md, "Memory").
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ALLOCATOR_ENV, ALLOCATOR_ENV_PREFIX, missingAllocatorSettings } from './allocator-settings.js';

const startScript = (manifest: string): string => {
  const parsed = JSON.parse(readFileSync(new URL(manifest, import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  return parsed.scripts.start;
};

describe('the allocator settings', () => {
  test.each([
    ['the root package (npm start)', '../../package.json', 'node server/dist/main.js'],
    ['the server package (npm start -w @pkg/server)', '../package.json', 'node dist/main.js'],
  ])('%s starts node with them', (_, manifest, command) => {
    expect(startScript(manifest)).toContain(`${ALLOCATOR_ENV_PREFIX} ${command}`);
  });

  test('are the variables glibc reads, each NAME=value', () => {
    expect(ALLOCATOR_ENV_PREFIX).toBe(
      'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=131072',
    );
  });

  test('on Linux, the ones missing or set otherwise are named', () => {
    expect(missingAllocatorSettings({ ...ALLOCATOR_ENV }, 'linux')).toEqual([]);
    expect(missingAllocatorSettings({}, 'linux')).toEqual(Object.keys(ALLOCATOR_ENV));
    expect(missingAllocatorSettings({ ...ALLOCATOR_ENV, MALLOC_ARENA_MAX: '8' }, 'linux')).toEqual([
      'MALLOC_ARENA_MAX',
    ]);
  });

  test.each(['darwin', 'win32'] as const)('on %s, none is missing (glibc only)', (platform) => {
    expect(missingAllocatorSettings({}, platform)).toEqual([]);
  });
});

// The MCP names of package tools: the plain form when it fits, a hashed form otherwise, each
// within [A-Za-z0-9_-]{1,64}, and a collision reported rather than served twice.
import { describe, expect, test } from 'vitest';
import { assignToolNames, MAX_TOOL_NAME_LENGTH, mcpToolName, type ToolRef } from './tool-names.js';

const ref = (namespace: string, name: string, tool: string): ToolRef => ({
  id: `@${namespace}/${name}`,
  namespace,
  name,
  tool,
});

describe('mcpToolName', () => {
  test('the plain form when it fits', () => {
    expect(mcpToolName(ref('acme', 'clock', 'now'))).toBe('acme__clock__now');
    expect(mcpToolName(ref('acme', 'my-clock_2', 'get-time'))).toBe('acme__my-clock_2__get-time');
  });

  test.each([
    ['a dot in the package name', ref('acme', 'clock.v2', 'now')],
    ['a double underscore in the package name', ref('acme', 'a__b', 'c')],
    ['a name past 64 characters', ref('a'.repeat(39), 'b'.repeat(30), 'c'.repeat(20))],
    ['the longest ids', ref('n'.repeat(39), 'p'.repeat(64), 't'.repeat(64))],
  ])('%s: cut, with a hash of the id', (_what, r) => {
    const name = mcpToolName(r);
    expect(name).toMatch(/^[A-Za-z0-9_-]+_[0-9a-f]{8}$/);
    expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
  });

  test('ids that would read alike get different names', () => {
    const names = [
      ref('x', 'a__b', 'c'),
      ref('x', 'a', 'b__c'),
      ref('acme', 'clock.v2', 'now'),
      ref('acme', 'clock_v2', 'now'),
      ref('acme', 'clock-v2', 'now'),
    ].map(mcpToolName);
    expect(new Set(names).size).toBe(names.length);
  });
});

test('assignToolNames reports a name already taken and keeps the first', () => {
  const reports: string[] = [];
  const first = ref('acme', 'clock', 'now');
  const named = assignToolNames([first, { ...first }], (m) => reports.push(m));
  expect([...named.keys()]).toEqual(['acme__clock__now']);
  expect(reports).toEqual([
    'the MCP name acme__clock__now of @acme/clock tool now is already the name of @acme/clock tool now; @acme/clock tool now is not served',
  ]);
});

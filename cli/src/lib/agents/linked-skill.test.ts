// The folder names and the marker of linked skills (docs/agents.md): names follow the Agent Skills
// convention whatever the package name, and only a SKILL.md with the pkg-managed metadata is managed.
import { describe, expect, test } from 'vitest';
import { managedBy, skillFolderName } from './linked-skill.js';

describe('skillFolderName', () => {
  test.each([
    ['plain', 'acme', 'clock', 'acme-clock'],
    ['dots and underscores', 'acme', 'hello.world_v2', 'acme-hello-world-v2'],
    ['runs of hyphens', 'a--b', 'c---d', 'a-b-c-d'],
    ['hostile', 'proto', '__proto__', 'proto-proto'],
    ['long', 'n'.repeat(39), 'x'.repeat(63) + '1', `${'n'.repeat(39)}-${'x'.repeat(24)}`],
  ])('%s', (_, namespace, name, folder) => {
    const result = skillFolderName(namespace, name);
    expect(result).toBe(folder);
    expect(result).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/);
    expect(result).not.toContain('--');
  });
});

describe('managedBy', () => {
  test.each([
    [
      'the marker',
      '---\nname: a-b\ndescription: "x"\nmetadata:\n  pkg-managed: "@a/b@1.0.0"\n---\n',
      '@a/b@1.0.0',
    ],
    ['no metadata', '---\nname: a-b\ndescription: x\n---\n', undefined],
    ['another metadata key', '---\nname: a-b\ndescription: x\nmetadata:\n  owner: me\n---\n', undefined],
    ['no front matter', '# mine\n', undefined],
    [
      'a marker that is not a string',
      '---\nname: a-b\ndescription: x\nmetadata:\n  pkg-managed: 3\n---\n',
      undefined,
    ],
  ])('%s', (_, text, expected) => {
    expect(managedBy(text)).toBe(expected);
  });
});

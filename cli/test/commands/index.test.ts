// The lazy command index names each command exactly as its definition does, so that
// `pkg <command>` loads the right module and help lists every command.
import { describe, expect, test } from 'vitest';
import { commands } from '../../src/commands/index.js';
import { entriesFor } from '../../src/main.js';

describe('the command index', () => {
  test.each(commands.map((c) => [c.name, c] as const))(
    '%s loads a definition of that name',
    async (name, entry) => {
      expect((await entry.load()).name).toBe(name);
    },
  );

  test('names are sorted, and no name or alias is used twice', () => {
    const names = commands.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const paths = commands.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test.each([
    [['--version'], []],
    [['-v'], []],
    [['install', '@a/b'], ['install']],
    [['--registry', 'local', 'token', 'create'], ['token create']],
    [['--json', 'chain', 'info'], ['chain info']],
    [['provider', 'list'], ['providers']],
    [['providers', '--json'], ['providers']],
  ])('%o loads only %o', (args, names) => {
    expect(entriesFor(args).map((e) => e.name)).toEqual(names);
  });

  test.each([[['--help']], [['token']], [['nope']], [['install', '--help']]])(
    '%o loads every command (help, groups, typos)',
    (args) => {
      expect(entriesFor(args)).toHaveLength(commands.length);
    },
  );
});

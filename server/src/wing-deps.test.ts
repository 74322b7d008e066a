// The bots' settings are checked against their own command table: BOT_COIN_COMMAND may rename the
// project-token command, never take another command's name (the same ConfigError as the rest of
// the configuration's; main.ts reads it before it opens the store).
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { botSettings } from './wing-deps.js';

test('BOT_COIN_COMMAND renames the project-token command', () => {
  expect(botSettings(loadConfig({})).coinCommand).toBe('coin');
  expect(botSettings(loadConfig({ BOT_COIN_COMMAND: 'pkg' })).coinCommand).toBe('pkg');
});

test.each(['help', 'holders', 'alert', 'start'])(
  'BOT_COIN_COMMAND=%s is refused, naming the variable',
  (name) => {
    const config = loadConfig({ BOT_COIN_COMMAND: name });
    expect(() => botSettings(config)).toThrow(ConfigError);
    expect(() => botSettings(config)).toThrow(
      `Invalid configuration:\n  BOT_COIN_COMMAND must not be the name of another command (got "${name}")`,
    );
  },
);

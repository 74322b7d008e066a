// The bots' settings are checked against their own command table: BOT_COIN_COMMAND may rename the
// project-token command, never take another command's name (the same ConfigError as the rest of
// the configuration's; main.ts reads it before it opens the store).
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { botSettings, oidcAudience } from './wing-deps.js';

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

test('the OIDC audience: PKG_OIDC_AUDIENCE, else the origin of PKG_BASE_URL, else http://HOST:PORT', () => {
  expect(oidcAudience(loadConfig({}))).toBe('http://127.0.0.1:8787');
  expect(oidcAudience(loadConfig({ PKG_BASE_URL: 'https://registry.example.com/pkg/' }))).toBe(
    'https://registry.example.com',
  );
  expect(
    oidcAudience(loadConfig({ PKG_BASE_URL: 'https://registry.example.com', PKG_OIDC_AUDIENCE: 'pkg' })),
  ).toBe('pkg');
});

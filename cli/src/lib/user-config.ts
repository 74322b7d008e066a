// The user-level config file (config.json): the default registry, and the boundary of
// `pkg run` (`sandbox`: os or node; docs/sandbox.md).
import * as z from 'zod';
import { CliError, EXIT } from '../exit.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { userConfigFile } from './paths.js';

export const userConfigSchema = z.looseObject({
  registry: z.string().optional(),
  sandbox: z.string().optional(),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export function readUserConfig(): UserConfig {
  return readJsonFile(userConfigFile(), userConfigSchema, 'The user config') ?? {};
}

export function writeUserConfig(config: UserConfig): void {
  writeJsonFile(userConfigFile(), config);
}

/** The keys `pkg config get|set` knows. */
export const CONFIG_KEYS = ['registry', 'sandbox'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export function parseConfigKey(key: unknown): ConfigKey {
  const known = CONFIG_KEYS.find((k) => k === key);
  if (known) return known;
  throw new CliError('BAD_REQUEST', `Unknown config key "${String(key)}".`, {
    exitCode: EXIT.invalidInput,
    hint: `Known keys: ${CONFIG_KEYS.join(', ')}.`,
  });
}

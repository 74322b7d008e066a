// The user-level config file (config.json): for now, the default registry.
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { userConfigFile } from './paths.js';

export const userConfigSchema = z.looseObject({ registry: z.string().optional() });
export type UserConfig = z.infer<typeof userConfigSchema>;

export function readUserConfig(): UserConfig {
  return readJsonFile(userConfigFile(), userConfigSchema, 'The user config') ?? {};
}

export function writeUserConfig(config: UserConfig): void {
  writeJsonFile(userConfigFile(), config);
}

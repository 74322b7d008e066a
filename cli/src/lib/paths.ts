// Where the user-level files live: $XDG_CONFIG_HOME/pkg or ~/.config/pkg (spec README).
import { homedir } from 'node:os';
import path from 'node:path';

export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(env.HOME ?? homedir(), '.config');
  return path.join(base, 'pkg');
}

export const userConfigFile = () => path.join(userConfigDir(), 'config.json');
export const credentialsFile = () => path.join(userConfigDir(), 'credentials.json');

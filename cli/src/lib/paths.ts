// Where the user-level files live: $XDG_CONFIG_HOME/pkg or ~/.config/pkg (README.md), and
// what may be deleted at any time: $XDG_CACHE_HOME/pkg or ~/.cache/pkg.
import { homedir } from 'node:os';
import path from 'node:path';

function xdgDir(env: NodeJS.ProcessEnv, variable: string, fallback: string): string {
  const set = env[variable];
  const base = set && path.isAbsolute(set) ? set : path.join(env.HOME ?? homedir(), fallback);
  return path.join(base, 'pkg');
}

export const userConfigDir = (env: NodeJS.ProcessEnv = process.env) =>
  xdgDir(env, 'XDG_CONFIG_HOME', '.config');
export const userCacheDir = (env: NodeJS.ProcessEnv = process.env) => xdgDir(env, 'XDG_CACHE_HOME', '.cache');

export const userConfigFile = () => path.join(userConfigDir(), 'config.json');
export const credentialsFile = () => path.join(userConfigDir(), 'credentials.json');

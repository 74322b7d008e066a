// Reads the fixed variable set: the process environment first, then one file: the one named
// by PKG_ENV_FILE, else the nearest .env.local or .env (from the working directory up), else
// the user-level .env that `pkg setup init` writes. Only the fixed names are taken from a file;
// dotenv's parse() reads the text, nothing is written into process.env.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'dotenv';
import { DATA_ENV_NAMES, type DataEnv } from './env-vars.js';

export interface LoadDataEnvOptions {
  /** The process environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** The user-level config directory (default $XDG_CONFIG_HOME/pkg or ~/.config/pkg). */
  configDir?: string;
}

export interface LoadedDataEnv {
  values: DataEnv;
  /** The env file used, when one was found. */
  file: string | undefined;
}

export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'pkg');
}

function nearestEnvFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of ['.env.local', '.env']) {
      const path = join(dir, name);
      if (existsSync(path)) return path;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function chooseFile(options: LoadDataEnvOptions, env: NodeJS.ProcessEnv): string | undefined {
  if (env.PKG_ENV_FILE) return resolve(options.cwd ?? process.cwd(), env.PKG_ENV_FILE);
  const near = nearestEnvFile(options.cwd ?? process.cwd());
  if (near) return near;
  const user = join(options.configDir ?? userConfigDir(env), '.env');
  return existsSync(user) ? user : undefined;
}

export function loadDataEnv(options: LoadDataEnvOptions = {}): LoadedDataEnv {
  const env = options.env ?? process.env;
  const file = chooseFile(options, env);
  const fromFile = file && existsSync(file) ? parse(readFileSync(file, 'utf8')) : {};
  const values: DataEnv = {};
  for (const name of DATA_ENV_NAMES) {
    const value = env[name] || fromFile[name];
    if (value) values[name] = value;
  }
  return { values, file };
}

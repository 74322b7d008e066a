// The CLI's version: replaced at bundle time by build.mjs, read from package.json otherwise.
import { createRequire } from 'node:module';

declare const PKG_CLI_VERSION: string | undefined;

function readVersion(): string {
  if (typeof PKG_CLI_VERSION === 'string') return PKG_CLI_VERSION;
  const require = createRequire(import.meta.url);
  return (require('../package.json') as { version: string }).version;
}

export const cliVersion = readVersion();

// The Chromium the browser tests drive (README.md, "Two commands"): CHROMIUM_PATH, else the
// system's `chromium` (/usr/bin/chromium or on PATH), else Playwright's own browser install. When
// none is there, the tests stop with one line that says how to install one.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const INSTALL_HINT =
  'No Chromium for the browser tests: install one with `apt-get install chromium` or ' +
  '`npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The first Chromium found, or an error whose message is the one line saying how to get one. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw oneLineError(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable. ${INSTALL_HINT}`);
  }
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'chromium'));
  const found = ['/usr/bin/chromium', ...onPath, playwrightChromium()].find(
    (file): file is string => file !== undefined && executable(file),
  );
  if (found) return found;
  throw oneLineError(INSTALL_HINT);
}

/** An error that prints as its message alone: no stack, so the test run shows one line. */
function oneLineError(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

/** Launch options for the browser tests: the Chromium found, headless, quiet. */
export function browserLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  };
}

/** Launches the Chromium found with the browser tests' options. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserLaunchOptions());
}

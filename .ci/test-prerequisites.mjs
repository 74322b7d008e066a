// `npm test`'s pretest: what the tests need beyond node_modules. On Linux, bubblewrap (`bwrap`,
// the OS sandbox of `pkg run`, docs/sandbox.md), a Chromium for the browser tests
// (CHROMIUM_PATH, else `chromium` on PATH or /usr/bin/chromium, else Playwright's own install,
// as web/test/e2e/browser.ts looks) and nginx (the registry bench's scale-out proxy and its test,
// docs/performance.md, "Scale-out"); on macOS the browser and nginx (sandbox-exec is part of the
// system).
// Run as root where apt-get exists, it installs the missing Debian packages, saying so on one line;
// otherwise it exits 1 with one line saying how to install them. Silent when all is there.
// Plain Node, no dependencies: it runs before anything is built.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const WHY = {
  bubblewrap: 'the OS sandbox of pkg run',
  chromium: 'the browser tests',
  'nginx-light': "the scale-out bench's proxy and its test",
};

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` on PATH, else in /usr/bin or /usr/sbin (where Debian puts it, when PATH is unusual). */
function which(name) {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...dirs, '/usr/bin', '/usr/sbin'].map((dir) => path.join(dir, name)).find(executable);
}

/** Chromium from Playwright's browser cache (`npx playwright install chromium`), if any. */
function playwrightChromium() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), '.cache', 'ms-playwright');
  let entries;
  try {
    entries = readdirSync(cache).filter((entry) => entry.startsWith('chromium'));
  } catch {
    return undefined;
  }
  return entries
    .flatMap((entry) =>
      ['chrome-linux', 'chrome-linux64'].map((dir) => path.join(cache, entry, dir, 'chrome')),
    )
    .find(executable);
}

function stop(line) {
  console.error(line);
  process.exit(1);
}

const chromiumPath = process.env.CHROMIUM_PATH;
if (chromiumPath && !executable(chromiumPath)) {
  stop(`npm test: CHROMIUM_PATH=${chromiumPath} is not an executable: point it at a Chromium, or unset it.`);
}

if (process.platform === 'darwin') {
  if (!chromiumPath && !existsSync('/Applications/Google Chrome.app')) {
    stop(
      'npm test needs Chrome or Chromium (the browser tests): npx playwright install chromium, or set CHROMIUM_PATH to a Chrome or Chromium executable.',
    );
  }
  if (!which('nginx') && !['/opt/homebrew/bin/nginx', '/usr/local/bin/nginx'].some(executable)) {
    stop(`npm test needs nginx (${WHY['nginx-light']}): brew install nginx`);
  }
  process.exit(0);
}
if (process.platform !== 'linux') {
  stop(
    `npm test needs Linux (bubblewrap) or macOS (sandbox-exec) for the OS sandbox of pkg run; this is ${process.platform}.`,
  );
}

const missing = [];
if (!which('bwrap')) missing.push('bubblewrap');
if (!chromiumPath && !which('chromium') && !playwrightChromium()) missing.push('chromium');
if (!process.env.PKG_BENCH_NGINX && !which('nginx')) missing.push('nginx-light');
if (missing.length === 0) process.exit(0);

const what = missing.map((name) => `${name} (${WHY[name]})`).join(' and ');
const aptGet = which('apt-get');
const root = process.getuid?.() === 0;
if (!root || !aptGet) {
  const dnf = !aptGet && which('dnf');
  const how = aptGet
    ? `sudo apt-get install ${missing.join(' ')}`
    : dnf
      ? `${root ? '' : 'sudo '}dnf install ${missing.join(' ')}`
      : `install ${missing.join(' and ')} with your distribution's package manager`;
  stop(`npm test needs ${what}: ${how}`);
}

console.error(`npm test: installing ${what} with apt-get`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync(aptGet, ['update', '-qq'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(aptGet, ['install', '-y', '-qq', ...missing], { env, stdio: ['ignore', 'ignore', 'inherit'] });
} catch {
  stop(
    `npm test: apt-get install ${missing.join(' ')} failed (see above); install them and run npm test again.`,
  );
}

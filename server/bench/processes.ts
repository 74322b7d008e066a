// The processes under test, each a child of the benchmark on a loopback port: the built pkg
// server on the embedded store, Verdaccio 6 with a temporary storage, a plain node:http file
// server, and the embedded store on its own (`pkg-admin db serve`). Also: readiness polling and
// RSS sampling from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// Compiled to server/dist-bench/bench/ (npm run bench): the server under test is the real build.
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_MAIN = path.resolve(here, '../../dist/main.js');
const STATIC_SERVER = path.resolve(here, './static-file-server.js');
const PKG_ADMIN = path.resolve(here, '../../dist/bin/pkg-admin.js');

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `url` until it answers 2xx; fails when `child` exits first or after 60 s. */
export async function waitReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}: ${stderr()}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s: ${stderr()}`);
}

/** `signal` (SIGTERM), then SIGKILL after 15 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function start(
  args: string[],
  env: Record<string, string>,
  ready: string,
  base: string,
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  await waitReady(`${base}${ready}`, child, () => stderr);
  return {
    url: base,
    pid: child.pid ?? 0,
    stop: () => stopChild(child),
  };
}

/**
 * The built server (dist/main.js, or `main`: another build's) with rate limits off and
 * warnings-only logs, and the variables and node options of its start script (startScriptOf);
 * `extra`: more variables; PKG_BENCH_SERVER_ARGS: node options for it (e.g.
 * `--cpu-prof --cpu-prof-dir=<dir>`); PKG_BENCH_SERVER_ENV: more variables for it, `NAME=value`
 * separated by spaces (e.g. `MALLOC_ARENA_MAX=2`).
 */
export async function startPkgServer(
  dataDir: string,
  extra: Record<string, string> = {},
  main = SERVER_MAIN,
): Promise<Child> {
  const port = await freePort();
  const started = startScriptOf(main);
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PKG_DATA_DIR: dataDir,
    PKG_RATE_LIMIT_PUBLIC: '0',
    PKG_RATE_LIMIT_PUBLISH: '0',
    LOG_LEVEL: 'warn',
    ...started.env,
    ...benchServerEnv(),
    ...extra,
  };
  const nodeArgs = (process.env.PKG_BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  return start([...started.nodeArgs, ...nodeArgs, main], env, '/health', `http://127.0.0.1:${port}`);
}

/** What a build's start script sets for its server: variables before `node`, options after it. */
export interface StartScript {
  env: Record<string, string>;
  nodeArgs: string[];
}

/**
 * The start script of the build's package (the package.json beside its dist/) read as
 * `[cross-env] NAME=value … node --option … dist/main.js`: the allocator's settings (docs/operator.md,
 * "Memory") and node's options. Each build is measured as `npm start` runs it.
 */
export function startScriptOf(main: string): StartScript {
  const script: StartScript = { env: {}, nodeArgs: [] };
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(path.resolve(path.dirname(main), '../package.json'), 'utf8'));
  } catch {
    return script;
  }
  const scripts = (manifest as { scripts?: unknown } | null)?.scripts;
  const start = (scripts as { start?: unknown } | undefined)?.start;
  if (typeof start !== 'string') return script;
  const words = start.trim().split(/\s+/);
  // the variables are set through cross-env, so that the script runs in Windows' shell too
  let at = words[0] === 'cross-env' ? 1 : 0;
  for (; at < words.length; at++) {
    const match = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(words[at] ?? '');
    if (!match?.[1]) break;
    script.env[match[1]] = match[2] ?? '';
  }
  if (words[at] !== 'node') return script;
  for (at += 1; words[at]?.startsWith('--'); at++) script.nodeArgs.push(words[at] ?? '');
  return script;
}

/** PKG_BENCH_SERVER_ENV as variables: each `NAME=value` word, split at its first `=`. */
function benchServerEnv(): Record<string, string> {
  const words = (process.env.PKG_BENCH_SERVER_ENV ?? '').split(' ').filter(Boolean);
  return Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf('=');
      if (at < 1) throw new Error(`PKG_BENCH_SERVER_ENV: "${word}" is not NAME=value`);
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  );
}

/**
 * The embedded store on its own, as an operator runs it: the built `pkg-admin db serve` on `dir`
 * and a free port. `url` is the `mongodb://` URI it prints once it serves.
 */
export async function startStore(dir: string): Promise<Child> {
  const child = spawn(process.execPath, [PKG_ADMIN, 'db', 'serve', '--port', '0', '--dir', dir], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const uri = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) =>
      reject(new Error(`the store exited with ${code} before serving: ${stderr}`)),
    );
  });
  return {
    url: uri,
    pid: child.pid ?? 0,
    stop: () => stopChild(child),
  };
}

/** Verdaccio 6 on a temporary storage: no uplinks, anyone may read and publish, no web UI, no logs. */
export async function startVerdaccio(dir: string): Promise<Child> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
      `plugins: ${JSON.stringify(path.join(dir, 'plugins'))}`,
      'web:',
      '  enable: false',
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
      '    max_users: -1',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $all',
      '    unpublish: $all',
      'max_body_size: 50mb',
      'log: { type: stdout, format: json, level: fatal }',
      '',
    ].join('\n'),
  );
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('verdaccio/package.json')), 'bin', 'verdaccio');
  return start(
    [bin, '--config', config, '--listen', `127.0.0.1:${port}`],
    {},
    '/-/ping',
    `http://127.0.0.1:${port}`,
  );
}

/** node:http streaming one file from disk with fs.createReadStream: the floor for downloads. */
export async function startStaticFileServer(file: string): Promise<Child> {
  const port = await freePort();
  return start([STATIC_SERVER, file, String(port)], {}, '/health', `http://127.0.0.1:${port}`);
}

/** Resident set size of a process in bytes (VmRSS), or 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds, or NaN once it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    // /proc/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks, after the ")" of the name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)?.trim().split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ: clock ticks a second in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

/** Samples the RSS of `pid` every `everyMs` while `during` runs; resolves with its result and the peak. */
export async function peakRssDuring<T>(
  pid: number,
  during: () => Promise<T>,
  everyMs = 20,
): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), everyMs);
  try {
    const result = await during();
    return { result, peak: Math.max(peak, rssOf(pid)) };
  } finally {
    clearInterval(timer);
  }
}

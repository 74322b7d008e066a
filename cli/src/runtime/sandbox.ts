// Runs one tool of a loaded package in a separate Node process under Node 20's permission model
// (docs/sandbox.md): file-system reads limited to the package, the bootstrap and the declared
// fs.read paths; writes to the declared fs.write paths; no child processes, workers, addons or
// WASI; an environment holding only the declared variables; the network checked in the child
// (network-guard.ts); a time limit (SIGKILL) and a memory limit (V8 heap flag plus an RSS
// watchdog). The result comes back over the IPC channel, so the tool's console output never
// mixes with it: the tool's stdout and stderr are shown on the CLI's stderr.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, EXIT } from '../exit.js';
import type { LoadedPackage, LoadedTool } from './load-package.js';
import type { ChildFailure, ChildRequest, ChildResponse } from './protocol.js';
import { ensureModuleScope } from './module-scope.js';
import { schemaErrors, toolFailureError } from './tool-error.js';

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_MEMORY_MB = 256;
/** The opt-in (read by the CLI, never passed to the tool) for plain http to a declared loopback host. */
export const HTTP_LOOPBACK_OPT_IN = 'PKG_RUN_ALLOW_HTTP_LOOPBACK';
/** Resident memory allowed beyond the heap limit for Node itself (code, stacks, buffers). */
const RSS_ALLOWANCE_MB = 128;
const WATCHDOG_MS = 100;
const BOOTSTRAP = 'child-bootstrap.mjs';

export interface RunToolOptions {
  pkg: LoadedPackage;
  tool: LoadedTool;
  input: unknown;
  projectDir: string;
  timeoutMs?: number;
  memoryMb?: number;
}

export interface RunToolResult {
  output: unknown;
  durationMs: number;
}

/** dist/child-bootstrap.mjs beside the bundle (or beside the entry script when split into chunks). */
export function findBootstrap(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const script = process.argv[1] ? dirname(resolve(process.argv[1])) : here;
  const candidates = [join(here, BOOTSTRAP), join(here, '..', BOOTSTRAP), join(script, BOOTSTRAP)];
  candidates.push(join(here, '..', '..', 'dist', BOOTSTRAP));
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new CliError('INTERNAL_ERROR', `${BOOTSTRAP} is missing beside the pkg bundle.`);
  return found;
}

function permissionFlags(pkg: LoadedPackage, projectDir: string, bootstrap: string): string[] {
  const { fs } = pkg.manifest.permissions;
  const reads = [pkg.dir, bootstrap, ...fs.read.map((p) => resolve(projectDir, p))];
  const writes = fs.write.map((p) => resolve(projectDir, p));
  return [...reads.map((p) => `--allow-fs-read=${p}`), ...writes.map((p) => `--allow-fs-write=${p}`)];
}

function childEnv(declared: readonly string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of declared) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** The resident set size of a Linux process in MB, from /proc (undefined elsewhere). */
async function residentMb(pid: number): Promise<number | undefined> {
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => undefined);
  const pages = statm ? Number(statm.split(' ')[1]) : NaN;
  return Number.isFinite(pages) ? (pages * 4096) / (1024 * 1024) : undefined;
}

interface ChildOutcome {
  response: ChildResponse | undefined;
  killedFor: 'timeout' | 'memory' | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderrTail: string;
}

function runChild(
  args: string[],
  request: ChildRequest,
  env: NodeJS.ProcessEnv,
  limits: { timeoutMs: number; memoryMb: number },
): Promise<ChildOutcome> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: request.projectDir,
      env,
      stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    });
    const outcome: ChildOutcome = {
      response: undefined,
      killedFor: undefined,
      code: null,
      signal: null,
      stderrTail: '',
    };
    const kill = (reason: 'timeout' | 'memory') => {
      outcome.killedFor ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), limits.timeoutMs);
    const watchdog = setInterval(() => {
      if (child.pid === undefined) return;
      void residentMb(child.pid).then((mb) => {
        if (mb !== undefined && mb > limits.memoryMb + RSS_ALLOWANCE_MB) kill('memory');
      });
    }, WATCHDOG_MS);
    const { stdin, stdout, stderr } = child;
    if (!stdin || !stdout || !stderr) throw new Error('the sandbox child has no stdio pipes');
    stdout.pipe(process.stderr, { end: false });
    stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      process.stderr.write(text);
      outcome.stderrTail = (outcome.stderrTail + text).slice(-4096);
    });
    child.on('message', (message: ChildResponse) => {
      outcome.response ??= message;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      resolvePromise({ ...outcome, code, signal });
    });
    stdin.on('error', () => undefined); // a child that dies early closes its stdin
    stdin.end(JSON.stringify(request));
  });
}

function outcomeError(
  outcome: ChildOutcome,
  tool: string,
  limits: { timeoutMs: number; memoryMb: number },
): CliError {
  if (outcome.killedFor === 'timeout') {
    return new CliError(
      'TOOL_TIMEOUT',
      `The tool ${tool} did not finish within ${limits.timeoutMs / 1000} s and was killed.`,
      {
        hint: 'Raise the limit with --timeout <seconds> if the tool needs longer.',
      },
    );
  }
  if (outcome.killedFor === 'memory' || /heap out of memory|Reached heap limit/.test(outcome.stderrTail)) {
    return new CliError(
      'TOOL_OUT_OF_MEMORY',
      `The tool ${tool} used more than its memory limit of ${limits.memoryMb} MB and was stopped.`,
      {
        hint: 'Raise the limit with --memory <MB> if the tool needs more.',
      },
    );
  }
  const how = outcome.signal ? `signal ${outcome.signal}` : `exit code ${outcome.code ?? 'unknown'}`;
  return new CliError('TOOL_FAILED', `The tool ${tool} ended (${how}) without returning a result.`, {
    hint: 'Its output above (stderr) may say why.',
  });
}

export async function runTool(options: RunToolOptions): Promise<RunToolResult> {
  const { pkg, tool, input, projectDir } = options;
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000,
    memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
  };
  if (!tool.validateInput(input)) {
    throw new CliError('TOOL_INPUT_INVALID', `The input does not match the input schema of ${tool.name}.`, {
      exitCode: EXIT.invalidInput,
      details: schemaErrors('input', tool.validateInput.errors),
      hint: 'Check the input against the tool schema (see the package SKILL.md).',
    });
  }
  const bootstrap = findBootstrap();
  await ensureModuleScope(pkg.dir, projectDir);
  const args = [
    '--experimental-permission',
    ...permissionFlags(pkg, projectDir, bootstrap),
    '--experimental-default-type=module',
    `--max-old-space-size=${limits.memoryMb}`,
    '--disable-warning=ExperimentalWarning',
    bootstrap,
  ];
  const request: ChildRequest = {
    entry: tool.entry,
    packageDir: pkg.dir,
    projectDir,
    input,
    network: pkg.manifest.permissions.network,
    env: pkg.manifest.permissions.env,
    allowHttpLoopback: process.env[HTTP_LOOPBACK_OPT_IN] === '1',
  };
  const started = performance.now();
  const outcome = await runChild(args, request, childEnv(request.env), limits);
  const durationMs = Math.round(performance.now() - started);
  const response = outcome.killedFor ? undefined : outcome.response;
  if (response?.type === 'error') throw toolFailureError(tool.name, response.error satisfies ChildFailure);
  if (response?.type !== 'result') throw outcomeError(outcome, tool.name, limits);
  if (tool.validateOutput && !tool.validateOutput(response.output)) {
    throw new CliError(
      'TOOL_OUTPUT_INVALID',
      `The output of ${tool.name} does not match its output schema.`,
      {
        details: schemaErrors('output', tool.validateOutput.errors),
        hint: 'This is a bug in the package; report it to its maintainers.',
      },
    );
  }
  return { output: response.output, durationMs };
}

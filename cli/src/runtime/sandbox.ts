// Runs one tool of a loaded package in a separate Node process behind two walls
// (docs/sandbox.md): the OS boundary (bubblewrap on Linux, sandbox-exec on macOS; boundary.ts
// says which is in force) and, inside it, Node's permission model with the child's own guards
// (network, processes, files). The CLI keeps the limits: wall time, CPU time, memory, and caps
// on the tool's stdout, stderr and result. The result comes back on its own channel (fd 3), so
// the tool's console output never mixes with it: that output is shown on the CLI's stderr.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, EXIT } from '../exit.js';
import type { Boundary } from './boundary.js';
import type { LoadedPackage, LoadedTool } from './load-package.js';
import { ensureModuleScope } from './module-scope.js';
import { startNetworkProxy, type NetworkProxy } from './os-sandbox/net-proxy.js';
import { osSandboxCommand } from './os-sandbox/os-command.js';
import { buildView, type SandboxView } from './os-sandbox/view.js';
import { type ChildOutcome, outcomeError, runChild } from './run-child.js';
import type { ChildFailure, ChildRequest } from './protocol.js';
import { schemaErrors, toolFailureError } from './tool-error.js';

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_MEMORY_MB = 256;
/** The opt-in (read by the CLI, never passed to the tool) for plain http to a declared loopback host. */
export const HTTP_LOOPBACK_OPT_IN = 'PKG_RUN_ALLOW_HTTP_LOOPBACK';
const BOOTSTRAP = 'child-bootstrap.mjs';

export interface RunToolOptions {
  pkg: LoadedPackage;
  tool: LoadedTool;
  input: unknown;
  projectDir: string;
  boundary: Boundary;
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
  return realpathSync(found);
}

function nodeArgs(view: SandboxView, memoryMb: number): string[] {
  const reads = [view.packageDir, view.bootstrap, ...view.nodeReads];
  return [
    '--experimental-permission',
    ...reads.map((p) => `--allow-fs-read=${p}`),
    ...view.nodeWrites.map((p) => `--allow-fs-write=${p}`),
    '--experimental-default-type=module',
    `--max-old-space-size=${memoryMb}`,
    '--disable-warning=ExperimentalWarning',
    view.bootstrap,
  ];
}

function childEnv(declared: readonly string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of declared) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** Real paths the tool may reach through the file system, for the child's link guard. */
function fsRoots(view: SandboxView): string[] {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  return [view.packageDir, view.bootstrap, ...view.reads, ...view.writes].map(real);
}

export async function runTool(options: RunToolOptions): Promise<RunToolResult> {
  const { pkg, tool, input, projectDir, boundary } = options;
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000,
    memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
  };
  checkInput(tool, input);
  await ensureModuleScope(pkg.dir, projectDir);
  const view = buildView(
    {
      projectDir,
      packageDir: pkg.dir,
      bootstrap: findBootstrap(),
      declared: pkg.manifest.permissions.fs,
    },
    boundary.kind === 'os',
  );
  const node = [process.execPath, ...nodeArgs(view, limits.memoryMb)];
  let proxy: NetworkProxy | undefined;
  let workDir: string | undefined;
  let outcome: ChildOutcome;
  const started = performance.now();
  try {
    let command = node;
    let seccomp: Buffer | undefined;
    let proxySocket: string | undefined;
    if (boundary.kind === 'os') {
      workDir = mkdtempSync(join(tmpdir(), 'pkg-run-')); // mode 0700: the proxy's socket lives here
      proxy = await startNetworkProxy(join(workDir, 'net.sock'), pkg.manifest.permissions.network);
      view.proxySocket = proxy.socketPath;
      const os = osSandboxCommand(boundary, view, node, workDir);
      command = os.command;
      seccomp = os.seccomp;
      proxySocket = os.proxySocket;
    }
    const request: ChildRequest = {
      entry: tool.entry,
      packageDir: pkg.dir,
      projectDir,
      input,
      network: pkg.manifest.permissions.network,
      env: pkg.manifest.permissions.env,
      allowHttpLoopback: process.env[HTTP_LOOPBACK_OPT_IN] === '1',
      proxySocket,
      fsRoots: fsRoots(view),
    };
    outcome = await runChild({
      command,
      request,
      env: childEnv(request.env),
      limits,
      seccomp,
    });
  } finally {
    await proxy?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }
  const durationMs = Math.round(performance.now() - started);
  for (const refusal of proxy?.refusals ?? [])
    process.stderr.write(`pkg: the network proxy refused ${refusal}\n`);
  const response = outcome.stopped ? undefined : outcome.response;
  if (response?.type === 'error') throw toolFailureError(tool.name, response.error satisfies ChildFailure);
  if (response?.type !== 'result') throw outcomeError(outcome, tool.name, limits, boundary);
  checkOutput(tool, response.output);
  return { output: response.output, durationMs };
}

function checkInput(tool: LoadedTool, input: unknown): void {
  if (tool.validateInput(input)) return;
  throw new CliError('TOOL_INPUT_INVALID', `The input does not match the input schema of ${tool.name}.`, {
    exitCode: EXIT.invalidInput,
    details: schemaErrors('input', tool.validateInput.errors),
    hint: 'Check the input against the tool schema (see the package SKILL.md).',
  });
}

function checkOutput(tool: LoadedTool, output: unknown): void {
  if (!tool.validateOutput || tool.validateOutput(output)) return;
  throw new CliError('TOOL_OUTPUT_INVALID', `The output of ${tool.name} does not match its output schema.`, {
    details: schemaErrors('output', tool.validateOutput.errors),
    hint: 'This is a bug in the package; report it to its maintainers.',
  });
}

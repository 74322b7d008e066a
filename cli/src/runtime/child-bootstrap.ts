// The first module of the sandboxed child process (bundled to dist/child-bootstrap.mjs). It reads
// one ChildRequest from stdin, installs the guards (network, env, signals), imports the tool's
// entry, calls `default(input, context)` and sends the result over the IPC channel. The tool's
// console output goes to its stdout/stderr, which the CLI shows on its own stderr.
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGuardedFetch, installNetworkGuard, SandboxError } from './network-guard.js';
import { type ChildFailure, type ChildRequest, type ChildResponse, SANDBOX_CODES } from './protocol.js';

async function readRequest(): Promise<ChildRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildRequest;
}

let settled = false;

function send(response: ChildResponse): void {
  if (settled) return;
  settled = true;
  const exitCode = response.type === 'result' ? 0 : 1;
  if (!process.send) process.exit(70);
  process.send(response, undefined, {}, () => process.exit(exitCode));
}

function toFailure(error: unknown): ChildFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const extra = error as Error & { code?: unknown; permission?: unknown; resource?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const fsPermission = text(extra.permission)?.startsWith('FileSystem') === true;
  return {
    name: error.name,
    message: error.message,
    code: text(extra.code),
    permission: text(extra.permission),
    // Node reports the path as the tool gave it; relative paths are resolved against the cwd.
    resource:
      fsPermission && typeof extra.resource === 'string' ? resolve(extra.resource) : text(extra.resource),
    stack: error.stack,
  };
}

const fail = (error: unknown) => send({ type: 'error', error: toFailure(error) });

/** context.env: the declared variables; any other name throws instead of quietly being undefined. */
function createEnv(declared: readonly string[]): Readonly<Record<string, string | undefined>> {
  const values: Record<string, string | undefined> = {};
  for (const name of declared) if (process.env[name] !== undefined) values[name] = process.env[name];
  const passThrough = new Set(['then', 'toJSON']);
  return new Proxy(values, {
    get(target, key) {
      if (typeof key === 'symbol' || passThrough.has(key)) return undefined;
      if (!declared.includes(key)) {
        throw new SandboxError(
          SANDBOX_CODES.env,
          `env variable ${key} is not declared in manifest permissions.env`,
        );
      }
      return target[key];
    },
    set(_target, key) {
      throw new SandboxError(SANDBOX_CODES.env, `context.env is read-only (tried to set ${String(key)})`);
    },
  });
}

/** Signals to any other process (the CLI included) are refused; Node's permission model allows them. */
function guardSignals(): void {
  const deny = (pid: unknown) => {
    if (pid !== process.pid) {
      throw new SandboxError(SANDBOX_CODES.process, 'tools may not send signals to other processes');
    }
  };
  const kill = process.kill.bind(process);
  process.kill = (pid: number, signal?: string | number) => {
    deny(pid);
    return kill(pid, signal);
  };
  const raw = process as unknown as Record<string, unknown>;
  const rawKill = raw._kill;
  if (typeof rawKill === 'function') {
    raw._kill = (pid: unknown, signal: unknown): unknown => {
      deny(pid);
      return (rawKill as (p: unknown, s: unknown) => unknown).call(process, pid, signal);
    };
  }
}

async function main(): Promise<void> {
  const request = await readRequest();
  for (const key of Object.keys(process.env)) if (!request.env.includes(key)) delete process.env[key];
  const policy = { hosts: request.network, allowHttpLoopback: request.allowHttpLoopback };
  const guardedFetch = createGuardedFetch(globalThis.fetch, policy);
  installNetworkGuard(policy);
  guardSignals();
  globalThis.fetch = guardedFetch;
  syncBuiltinESMExports();

  const module = (await import(pathToFileURL(request.entry).href)) as { default?: unknown };
  if (typeof module.default !== 'function') {
    throw new Error(`the default export of ${request.entry} is not a function`);
  }
  const context = Object.freeze({
    fetch: guardedFetch,
    env: createEnv(request.env),
    packageDir: request.packageDir,
    projectDir: request.projectDir,
    log: (...args: unknown[]) => console.error(...args),
  });
  const output: unknown = await (module.default as (input: unknown, ctx: object) => unknown)(
    request.input,
    context,
  );
  let json: unknown;
  try {
    json = output === undefined ? null : JSON.parse(JSON.stringify(output));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the output is not JSON: ${reason}`, { cause: error });
  }
  send({ type: 'result', output: json });
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
main().catch(fail);

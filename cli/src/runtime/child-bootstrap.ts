// The first module of the sandboxed child process (bundled to dist/child-bootstrap.mjs). It reads
// one ChildRequest from stdin, installs the guards (network, processes, files, env), imports the
// tool's entry, calls `default(input, context)` and writes the result as one JSON line on the
// result channel (file descriptor 3). The tool's console output goes to its stdout/stderr, which
// the CLI shows on its own stderr.
import { writeSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installFsGuard } from './fs-guard.js';
import { createGuardedFetch, installNetworkGuard, SandboxError } from './network-guard.js';
import { installProcessGuard } from './process-guard.js';
import {
  type ChildFailure,
  type ChildRequest,
  type ChildResponse,
  RESULT_FD,
  SANDBOX_CODES,
} from './protocol.js';

// Captured before the tool runs: the tool may replace process.exit, not what the bootstrap calls.
const exit = (process as unknown as { reallyExit: (code: number) => never }).reallyExit.bind(process);

async function readRequest(): Promise<ChildRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildRequest;
}

let settled = false;

function send(response: ChildResponse): void {
  if (settled) return;
  settled = true;
  const line = Buffer.from(`${JSON.stringify(response)}\n`);
  try {
    for (let at = 0; at < line.length;) at += writeSync(RESULT_FD, line, at);
  } catch {
    exit(70); // the CLI closed the channel (a cap was passed): nothing more to say
  }
  exit(response.type === 'result' ? 0 : 1);
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

async function main(): Promise<void> {
  const request = await readRequest();
  for (const key of Object.keys(process.env)) if (!request.env.includes(key)) delete process.env[key];
  const policy = {
    hosts: request.network,
    allowHttpLoopback: request.allowHttpLoopback,
    proxySocket: request.proxySocket,
  };
  const guardedFetch = createGuardedFetch(globalThis.fetch, policy);
  installNetworkGuard(policy);
  installProcessGuard();
  installFsGuard(request.fsRoots);
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

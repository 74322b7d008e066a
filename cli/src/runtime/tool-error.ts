// Turning what the sandboxed child reports into CLI errors: Node's ERR_ACCESS_DENIED becomes a
// message naming the path and the permission to declare; the sandbox's own guards (network,
// env, signals) keep their message; anything else the tool threw is TOOL_FAILED.
import type { ErrorObject } from '@pkg/shared';
import { type CliDetail, CliError } from '../exit.js';
import type { ChildFailure } from './protocol.js';
import { SANDBOX_CODES } from './protocol.js';

export function schemaErrors(
  what: 'input' | 'output',
  errors: readonly ErrorObject[] | null | undefined,
): CliDetail[] {
  return (errors ?? []).map((e) => {
    const extra = (e.params as { additionalProperty?: unknown }).additionalProperty;
    const named = typeof extra === 'string' ? ` (${JSON.stringify(extra)})` : '';
    return {
      path: `${what}${e.instancePath}`,
      code: e.keyword,
      message: `${e.message ?? 'is invalid'}${named}`,
    };
  });
}

function causeOf(failure: ChildFailure): Error {
  const cause = new Error(failure.message);
  cause.name = failure.name;
  if (failure.stack) cause.stack = failure.stack;
  return cause;
}

const PERMISSION_TEXT: Record<string, { what: string; hint: string }> = {
  FileSystemRead: {
    what: 'read',
    hint: 'A tool may read its own package and the paths declared in manifest permissions.fs.read (relative to the project).',
  },
  FileSystemWrite: {
    what: 'write',
    hint: 'A tool may write only the paths declared in manifest permissions.fs.write (relative to the project).',
  },
};

function accessDenied(tool: string, failure: ChildFailure): CliError {
  const cause = causeOf(failure);
  const fsText = failure.permission ? PERMISSION_TEXT[failure.permission] : undefined;
  if (fsText) {
    const target = failure.resource ? ` ${failure.resource}` : ' a path';
    const list = failure.permission === 'FileSystemRead' ? 'fs.read' : 'fs.write';
    return new CliError(
      'TOOL_PERMISSION_DENIED',
      `The tool ${tool} tried to ${fsText.what}${target}, which is not declared in manifest permissions.${list}.`,
      { hint: fsText.hint, cause },
    );
  }
  const what: Record<string, string> = {
    ChildProcess: 'start a child process; tools may not start processes',
    WorkerThreads: 'start a worker thread; tools may not start workers',
    WASI: 'use WASI, which the sandbox refuses',
    Inspector: 'open the inspector, which the sandbox refuses',
  };
  const text =
    (failure.permission && what[failure.permission]) ?? `use an API the sandbox refuses (${failure.message})`;
  return new CliError('TOOL_PERMISSION_DENIED', `The tool ${tool} tried to ${text}.`, {
    hint: 'docs/sandbox.md lists what a tool may do.',
    cause,
  });
}

const GUARD_HINTS: Record<string, string> = {
  [SANDBOX_CODES.network]: 'Declare the host in manifest permissions.network (then reinstall the package).',
  [SANDBOX_CODES.env]: 'Declare the variable in manifest permissions.env (then reinstall the package).',
  [SANDBOX_CODES.process]: 'docs/sandbox.md lists what a tool may do.',
  [SANDBOX_CODES.link]: 'Remove the link from the declared path, or copy what it points to into it.',
};

export function toolFailureError(tool: string, failure: ChildFailure): CliError {
  if (failure.code === 'ERR_ACCESS_DENIED') return accessDenied(tool, failure);
  const guardHint = failure.code ? GUARD_HINTS[failure.code] : undefined;
  if (guardHint) {
    return new CliError('TOOL_PERMISSION_DENIED', `The tool ${tool} was refused: ${failure.message}.`, {
      hint: guardHint,
      cause: causeOf(failure),
    });
  }
  if (failure.code === 'ERR_DLOPEN_DISABLED') {
    return new CliError(
      'TOOL_PERMISSION_DENIED',
      `The tool ${tool} tried to load a native addon; the sandbox refuses addons.`,
      {
        cause: causeOf(failure),
      },
    );
  }
  return new CliError('TOOL_FAILED', `The tool ${tool} failed: ${failure.name}: ${failure.message}`, {
    hint: 'Run again with PKG_DEBUG=1 for the stack trace.',
    cause: causeOf(failure),
  });
}

// The one exit handler of the CLI: a command's outcome becomes the exit code, and an error is
// mapped to its exit code and printed as "what happened, the details, what to do next" (or the
// error body with --json). Nothing else in the CLI sets an exit code.
import { isIssueError, issueDetails, REGISTRY_ERRORS } from '@pkg/shared/errors';

/** Registry commands: 0 ok, 1 failure, 2 invalid input. Data commands add 3 (unavailable). */
export const EXIT = { ok: 0, failure: 1, invalidInput: 2, unavailable: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface CliDetail {
  path?: string | undefined;
  code: string;
  message: string;
}

/** An error the CLI shows as it is: code, message, details and a hint of what to do next. */
export class CliError extends Error {
  override name = 'CliError';
  readonly code: string;
  readonly exitCode: ExitCode;
  readonly details: CliDetail[];
  readonly hint: string | undefined;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: ExitCode; details?: CliDetail[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT.failure;
    this.details = options.details ?? [];
    this.hint = options.hint;
  }
}

export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (isIssueError(error)) {
    return new CliError('BAD_REQUEST', 'Invalid input.', {
      exitCode: EXIT.invalidInput,
      details: issueDetails(error.issues),
      hint: REGISTRY_ERRORS.BAD_REQUEST.hint,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError('INTERNAL_ERROR', message, {
    hint: 'This looks like a bug in pkg; run again with PKG_DEBUG=1 for a stack trace.',
    cause: error,
  });
}

export function formatCliError(error: CliError): string {
  const lines = [`error ${error.code}: ${error.message}`];
  for (const d of error.details) lines.push(`  - ${d.path ? `${d.path}: ` : ''}${d.message} [${d.code}]`);
  if (error.hint) lines.push(`hint: ${error.hint}`);
  return lines.join('\n');
}

/**
 * Ends the process with `code` once everything written to stdout and stderr has reached the OS:
 * writes to a pipe are asynchronous, and process.exit at once would cut off what is still queued
 * (a tool's capped output, say, and the error after it).
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const flushed = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

/** Print the error (human or JSON) and exit with its code once it is written. */
export function exitWithError(error: unknown, json: boolean): void {
  const e = toCliError(error);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } }, null, 2)}\n`,
    );
  } else {
    process.stderr.write(`${formatCliError(e)}\n`);
    if (process.env.PKG_DEBUG && e.cause instanceof Error && e.cause.stack)
      process.stderr.write(`${e.cause.stack}\n`);
  }
  exitWhenFlushed(e.exitCode);
}

/**
 * A command ran to its end: its outcome (none is success) is the exit code. The process ends
 * by itself once stdout has drained: process.exit now could cut off output written to a pipe.
 */
export function finish(outcome: ExitCode | void): void {
  process.exitCode = outcome ?? EXIT.ok;
}

/** Help, version and usage errors from commander: success for the first two, invalid input else. */
export function exitFromParser(exitCode: number): void {
  exitWhenFlushed(exitCode === 0 ? EXIT.ok : EXIT.invalidInput);
}

// Output and exit codes of pkg-admin: readable lines by default, JSON with --json; errors
// print "what happened" (and details) on stderr, and with --json the uniform error body on
// stdout. Exit 2 for bad input, 1 for anything else.
import { issueDetails, REGISTRY_ERRORS, RegistryError, type ErrorBody } from '@pkg/shared';
import { CommanderError } from 'commander';
import { ZodError, type z } from 'zod';
import { ConfigError } from '../../config.js';
import { redactUri } from '../../db/redact-uri.js';

export interface OutputOptions {
  json?: boolean | undefined;
}

/** Print the result: `json` with --json, else the readable lines. */
export function print(options: OutputOptions, lines: string | string[], json: unknown): void {
  const text = options.json ? JSON.stringify(json, null, 2) : [lines].flat().join('\n');
  process.stdout.write(`${text}\n`);
}

/** Throw a bad-input error (exit 2) from option parsing. */
export function badInput(message: string, details: ErrorBody['error']['details'] = []): RegistryError {
  return new RegistryError('BAD_REQUEST', message, { details });
}

/** Parse command options with a zod schema; a failure is bad input naming the options. */
export function parseOptions<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const option = (key: PropertyKey | undefined) =>
    key === undefined ? '' : `--${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const details = issueDetails(parsed.error.issues, (path) => option(path[0]));
  throw badInput('Invalid options.', details);
}

export interface ExitDecision {
  exitCode: 1 | 2;
  body: ErrorBody;
}

export function toExit(error: unknown): ExitDecision {
  if (error instanceof RegistryError) {
    return {
      exitCode: REGISTRY_ERRORS[error.code].exit,
      body: { error: { code: error.code, message: error.message, details: error.details } },
    };
  }
  if (error instanceof ZodError) {
    const details = issueDetails(error.issues);
    return { exitCode: 2, body: { error: { code: 'BAD_REQUEST', message: 'Invalid input.', details } } };
  }
  if (error instanceof ConfigError || error instanceof CommanderError) {
    return { exitCode: 2, body: { error: { code: 'BAD_REQUEST', message: error.message, details: [] } } };
  }
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.replace(/mongodb(?:\+srv)?:\/\/\S+/g, (uri) => redactUri(uri));
  return { exitCode: 1, body: { error: { code: 'INTERNAL_ERROR', message, details: [] } } };
}

/** Report the error and return the exit code (the caller exits). */
export function reportError(error: unknown, json: boolean): 1 | 2 {
  const { exitCode, body } = toExit(error);
  const details = body.error.details.map((d) => `  - ${d.path ? `${d.path}: ` : ''}${d.message}`);
  process.stderr.write(`pkg-admin: ${[body.error.message, ...details].join('\n')}\n`);
  if (json) process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  return exitCode;
}

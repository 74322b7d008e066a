// The limits of a run as the user gives them (`--timeout` seconds, `--memory` MB: docs/sandbox.md,
// "Limits and caps"), read the same way by `pkg run` and `pkg mcp --skills`.
import { CliError, EXIT } from '../exit.js';

export const MAX_TIMEOUT_SECONDS = 3600;
export const MAX_MEMORY_MB = 16384;

export interface RunLimits {
  timeoutMs: number | undefined;
  memoryMb: number | undefined;
}

function positiveNumber(value: unknown, option: string, max: number, command: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(n) || n <= 0 || n > max) {
    throw new CliError(
      'BAD_REQUEST',
      `${option} must be a number between 0 and ${max} (got ${JSON.stringify(value)}).`,
      { exitCode: EXIT.invalidInput, hint: `Run ${command} --help for the usage.` },
    );
  }
  return n;
}

/** `--timeout` and `--memory` of a command's options; undefined where the default applies. */
export function limitOptions(options: Record<string, unknown>, command: string): RunLimits {
  const timeout = positiveNumber(options.timeout, '--timeout', MAX_TIMEOUT_SECONDS, command);
  const memory = positiveNumber(options.memory, '--memory', MAX_MEMORY_MB, command);
  return {
    timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    memoryMb: memory === undefined ? undefined : Math.ceil(memory),
  };
}

// Printing command results: human text on a terminal or a pipe, or one JSON document with --json.
// Invalid packages become one CliError whose details are the problems (exit 2), so that the
// exit handler prints them as a list (`  - path: message [code]`) or as the error body.
import type { PackResult, Problem } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLines(lines: readonly string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function invalidPackageError(problems: readonly Problem[], what: string): CliError {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return new CliError('INVALID_PACKAGE', `${what} is not a valid skill package (${count}).`, {
    exitCode: EXIT.invalidInput,
    details: problems.map((p) => ({ path: p.path, code: p.code, message: p.message })),
    hint: 'Fix the problems listed above; docs/package-format.md explains every code.',
  });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The JSON shape shared by `pack`, `publish --dry-run` and `validate` of a directory. */
export function packSummary(packed: PackResult) {
  return {
    name: `@${packed.manifest.namespace}/${packed.manifest.name}`,
    version: packed.manifest.version,
    filename: packed.filename,
    integrity: packed.integrity,
    size: packed.size,
    files: packed.files,
  };
}

export function packSummaryLines(packed: PackResult): string[] {
  const summary = packSummary(packed);
  return [
    `${summary.name}@${summary.version}`,
    `  integrity: ${summary.integrity}`,
    `  size:      ${summary.size} bytes (${formatSize(summary.size)})`,
    `  files (${summary.files.length}):`,
    ...summary.files.map((f) => `    ${f}`),
  ];
}

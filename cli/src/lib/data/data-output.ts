// Prints a data envelope: `--json` prints it as it is; otherwise a readable summary. Returns the
// outcome of data commands: 0 LIVE or CACHED, 3 UNAVAILABLE, 2 invalid input, 1 any other error.
import type { CompositeResult, Result } from '@pkg/shared/data';
import { EXIT, type ExitCode } from '../../exit.js';
import { printJson, printLines } from '../output.js';

export function exitCodeOf(result: Result | CompositeResult): ExitCode {
  if (result.status === 'LIVE' || result.status === 'CACHED') return EXIT.ok;
  if (result.status === 'UNAVAILABLE') return EXIT.unavailable;
  return result.code === 'INVALID_INPUT' ? EXIT.invalidInput : EXIT.failure;
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function resultLines(result: Result, indent = ''): string[] {
  if (result.status === 'UNAVAILABLE') {
    return [
      `${indent}UNAVAILABLE ${result.capability}: ${result.reason}`,
      ...(result.answers ?? []).map((a) => `${indent}  - ${a.provider}: ${a.error}`),
    ];
  }
  if (result.status === 'ERROR') {
    return [
      `${indent}ERROR ${result.code}: ${result.message}`,
      ...result.attemptedProviders.map((a) => `${indent}  - ${a.provider}: ${a.error}`),
    ];
  }
  const p = result.provenance;
  const pinned = p.blockNumber ? ` at block ${p.blockNumber}` : '';
  const age = p.cache ? ` (cached ${Math.round(p.cache.ageMs / 1000)} s ago)` : '';
  const lines = [`${indent}${result.status} from ${p.source}${pinned}, fetched ${p.fetchedAt}${age}`];
  const data = result.data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) lines.push(`${indent}  ${key}: ${valueText(value)}`);
  } else lines.push(`${indent}  ${valueText(data)}`);
  for (const f of p.fallbackFrom ?? []) lines.push(`${indent}  fallback from ${f.provider}: ${f.error}`);
  return lines;
}

export function printResult(result: Result | CompositeResult, json: boolean): ExitCode {
  if (json) printJson(result);
  else if ('sections' in result) {
    const lines = [`${result.status}${result.code ? ` ${result.code}` : ''}`];
    for (const [name, section] of Object.entries(result.sections))
      lines.push(`[${name}]`, ...resultLines(section, '  '));
    printLines(lines);
  } else printLines(resultLines(result));
  return exitCodeOf(result);
}

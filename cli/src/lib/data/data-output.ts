// Prints a data envelope: `--json` prints it as it is; otherwise a readable summary. Returns the
// outcome of data commands: 0 LIVE or CACHED, 3 UNAVAILABLE, 2 invalid input, 1 any other error.
import type { CompositeResult, Result } from '@pkg/shared/data';
import { EXIT, type ExitCode } from '../../exit.js';
import { printJson, printLines } from '../output.js';
import { globalDataLines } from './global-output.js';
import { candleTable, poolLines, poolTable, quoteLines, rankingLines, tradeTable } from './market-output.js';

export function exitCodeOf(result: Result | CompositeResult): ExitCode {
  if (result.status === 'LIVE' || result.status === 'CACHED') return EXIT.ok;
  if (result.status === 'UNAVAILABLE') return EXIT.unavailable;
  return result.code === 'INVALID_INPUT' ? EXIT.invalidInput : EXIT.failure;
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Market payloads as tables (recognized by their shape); anything else as `key: value` lines. */
function dataLines(data: unknown, indent: string): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return [`${indent}  ${valueText(data)}`];
  const record = data as Record<string, unknown>;
  const pad = (lines: string[]) => lines.map((l) => `${indent}  ${l}`);
  if ('ranking' in record && 'definition' in record)
    return rankingLines(data as Parameters<typeof rankingLines>[0]).map((l) => `${indent}${l}`);
  if (Array.isArray(record.pools)) return pad(poolTable(record.pools as Parameters<typeof poolTable>[0]));
  if (Array.isArray(record.candles)) return pad(candleTable(data as Parameters<typeof candleTable>[0]));
  if (Array.isArray(record.trades)) return pad(tradeTable(data as Parameters<typeof tradeTable>[0]));
  if ('baseToken' in record && 'quoteToken' in record)
    return poolLines(data as Parameters<typeof poolLines>[0]).map((l) => `${indent}${l}`);
  const global = globalDataLines(record);
  if (global) return pad(global);
  return Object.entries(record).map(([key, value]) => `${indent}  ${key}: ${valueText(value)}`);
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
  lines.push(...dataLines(result.data, indent));
  for (const f of p.fallbackFrom ?? []) lines.push(`${indent}  fallback from ${f.provider}: ${f.error}`);
  return lines;
}

export function printResult(
  result: Result | CompositeResult,
  json: boolean,
  options: { quotes?: boolean } = {},
): ExitCode {
  if (json) printJson(result);
  else if ('sections' in result && options.quotes) printLines(quoteLines(result));
  else if ('sections' in result) {
    const lines = [`${result.status}${result.code ? ` ${result.code}` : ''}`];
    for (const [name, section] of Object.entries(result.sections))
      lines.push(`[${name}]`, ...resultLines(section, '  '));
    printLines(lines);
  } else printLines(resultLines(result));
  return exitCodeOf(result);
}

// The copy behind `db copy`, `db backup` and `db restore`: runs db/copy with a progress line
// per collection on stderr when it is a terminal (nothing when piped or with --json), prints
// the summary (readable lines, or one JSON object with --json), and turns a refusal into bad
// input (exit 2) and a failed verification into an error naming each problem (exit 1).
import { RegistryError } from '@pkg/shared';
import type { Db } from 'mongodb';
import { copyDatabase, type CopyEvent, type CopySummary } from '../../db/copy/copy-database.js';
import { CopyRefusedError, CopyVerificationError } from '../../db/copy/copy-errors.js';
import type { AdminStore } from './open-admin-deps.js';
import { badInput, print, type OutputOptions } from './output.js';

export interface CopyRun {
  source: Db;
  target: Db;
  /** Safe to print: credentials redacted. */
  from: string;
  to: string;
  replace: boolean;
}

/** How a store is named in the output: its data directory, or its URI (credentials redacted). */
export function storeLabel(store: AdminStore): string {
  if (store.kind === 'embedded' && store.dataDir) return `the embedded store in ${store.dataDir}`;
  return `${store.uri} (database ${store.database})`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

function progress(options: OutputOptions): ((event: CopyEvent) => void) | undefined {
  if (options.json || !process.stderr.isTTY) return undefined;
  return (event) => {
    const line =
      event.kind === 'collection'
        ? `copied ${event.name}: ${event.documents} documents, ${size(event.bytes)}`
        : `verified ${event.collections} collections and ${event.artifacts} artifacts (${size(event.bytes)})`;
    process.stderr.write(`${line}\n`);
  };
}

function describe(run: CopyRun, summary: CopySummary): string[] {
  const lines = [`copied ${run.from} to ${run.to}`];
  if (summary.replaced.length > 0) lines.push(`replaced: dropped ${summary.replaced.join(', ')} first`);
  for (const c of summary.collections) {
    lines.push(`  ${c.name.padEnd(24)} ${String(c.copied).padStart(8)} documents  ${size(c.bytes)}`);
  }
  lines.push(
    `verified: document counts and indexes of ${summary.collections.length} collections; ` +
      `${summary.artifacts.files} artifacts (${size(summary.artifacts.bytes)}) read back from the target match their SHA-256`,
  );
  if (summary.artifacts.unrecorded.length > 0) {
    lines.push(`note: no integrity is recorded for artifacts ${summary.artifacts.unrecorded.join(', ')}`);
  }
  const changed = summary.collections.filter((c) => summary.changed.includes(c.name));
  if (changed.length > 0) {
    const what = changed.map((c) => `${c.name} (source ${c.source}, copied ${c.copied})`).join(', ');
    lines.push(`note: the source took writes during the copy: ${what}; copy again with writes stopped`);
  }
  return lines;
}

export async function runCopy(run: CopyRun, options: OutputOptions): Promise<CopySummary> {
  let summary: CopySummary;
  const onEvent = progress(options);
  try {
    summary = await copyDatabase({
      source: run.source,
      target: run.target,
      replace: run.replace,
      ...(onEvent ? { onEvent } : {}),
    });
  } catch (error) {
    if (error instanceof CopyRefusedError) {
      const hint =
        error.reason === 'not-empty'
          ? ' Copy into an empty database, or pass --replace to drop its collections first.'
          : '';
      throw badInput(`${error.message}${hint}`);
    }
    if (error instanceof CopyVerificationError) {
      throw new RegistryError('INTERNAL_ERROR', `${error.message} Run the copy again with --replace.`, {
        details: error.problems.map((message) => ({ code: 'COPY_MISMATCH', message })),
      });
    }
    throw error;
  }
  print(options, describe(run, summary), { from: run.from, to: run.to, ...summary });
  return summary;
}

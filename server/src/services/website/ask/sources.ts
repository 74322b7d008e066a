// The sources of an Ask answer (docs/public-api.md, "Ask"): for every tool that ran, the
// providers whose data it returned, read from the `provenance` of each section of its answer
// (source, fetchedAt), one per tool and source with the latest time.
import { askSourceSchema, type AskSource } from '@pkg/shared';

const MAX_DEPTH = 8;

function walk(value: unknown, depth: number, found: { source: string; fetchedAt: string }[]): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, depth + 1, found);
    return;
  }
  const record = value as Record<string, unknown>;
  const provenance = record.provenance as { source?: unknown; fetchedAt?: unknown } | undefined;
  if (
    typeof provenance === 'object' &&
    provenance !== null &&
    typeof provenance.source === 'string' &&
    typeof provenance.fetchedAt === 'string'
  )
    found.push({ source: provenance.source, fetchedAt: provenance.fetchedAt });
  for (const [key, child] of Object.entries(record)) if (key !== 'provenance') walk(child, depth + 1, found);
}

/** Adds the sources of one tool's answer to `into` (keyed by tool and source). */
export function collectSources(into: Map<string, AskSource>, tool: string, answer: unknown): void {
  const found: { source: string; fetchedAt: string }[] = [];
  walk(answer, 0, found);
  for (const { source, fetchedAt } of found) {
    const parsed = askSourceSchema.safeParse({ tool, source, fetchedAt });
    if (!parsed.success) continue;
    const key = `${tool}\u0000${source}`;
    const kept = into.get(key);
    if (!kept || Date.parse(kept.fetchedAt) < Date.parse(fetchedAt)) into.set(key, parsed.data);
  }
}

// The search of the registry benchmark in one process, for a CPU profile (docs/performance.md,
// "Search at 10,000 packages"): an embedded store in a temporary directory holding the benchmark's
// 10,000 seeded packages (fixtures.ts), its search index loaded, then the benchmark's three kinds
// of query (one word; two words; one word with filters, page 2) run one after the other through
// searchPackages, the stamp check included; the stamp check alone; and one-word searches 50 at a
// time (as the benchmark's 50 connections, sharing stamp checks). Prints the CPU milliseconds per
// search of each.
//   npm run bench:build -w @pkg/server
//   node --cpu-prof --cpu-prof-dir=/tmp/search-prof server/dist-bench/bench/search-profile.js
// PROFILE_SEARCHES sets how many searches of each kind are run (default 2000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAdminDeps } from '../src/bin/admin/open-admin-deps.js';
import { readSearchIndex } from '../src/services/registry/search/search-index.js';
import { searchPackages, type SearchQuery } from '../src/services/registry/search/search-service.js';
import { SEARCH_WORDS, seededPackage } from './fixtures.js';

const SEEDED = 10_000;
const NS = 'bench';
const SEARCHES = Number(process.env.PROFILE_SEARCHES ?? 2000);

/** A deterministic word sequence, so that two builds are profiled on the same queries. */
function words(seed: number): () => string {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return SEARCH_WORDS[state % SEARCH_WORDS.length] ?? 'weather';
  };
}

const KINDS: Record<string, (pick: () => string) => SearchQuery> = {
  'one word': (pick) => ({ q: pick() }),
  'two words': (pick) => ({ q: `${pick()} ${pick()}` }),
  'one word + filters, page 2': (pick) => ({ q: pick(), noNetwork: true, noEnv: true, page: 2 }),
};

const dir = mkdtempSync(path.join(tmpdir(), 'pkg-search-profile-'));
const admin = await openAdminDeps({ PKG_DATA_DIR: dir, LOG_LEVEL: 'warn' });
try {
  const deps = admin.deps.registry;
  const now = new Date();
  const docs = Array.from({ length: SEEDED }, (_, i) => seededPackage(NS, i, '1.0.0', now));
  for (let i = 0; i < docs.length; i += 1000) {
    await admin.deps.models.Package.insertMany(docs.slice(i, i + 1000), { lean: true });
  }
  const loading = performance.now();
  await searchPackages(deps, { q: 'weather' });
  process.stdout.write(`index loaded in ${(performance.now() - loading).toFixed(0)} ms\n`);
  /** SEARCHES runs of `run`, `concurrency` at a time (each of those loops waits for its last). */
  const measure = async (kind: string, run: () => Promise<number>, concurrency = 1) => {
    for (let i = 0; i < 100; i++) await run();
    const cpu = process.cpuUsage();
    const started = performance.now();
    let results = 0;
    let left = SEARCHES;
    const loop = async () => {
      while (left > 0) {
        left -= 1;
        const matches = await run();
        results += matches;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    const perSearch = (used.user + used.system) / 1000 / SEARCHES;
    process.stdout.write(
      `${kind}: ${SEARCHES} runs, ${perSearch.toFixed(3)} CPU ms and ` +
        `${(wall / SEARCHES).toFixed(3)} ms each, ${Math.round(results / SEARCHES)} matches on average\n`,
    );
  };
  for (const [kind, query] of Object.entries(KINDS)) {
    const pick = words(7);
    await measure(kind, async () => (await searchPackages(deps, query(pick))).total ?? 0);
  }
  await measure('the stamp check alone', async () => (await readSearchIndex(deps)).packages.size);
  // 50 searches at a time, as the benchmark's 50 connections: they share the stamp checks.
  const pick = words(7);
  const one = KINDS['one word'];
  if (one)
    await measure(
      'one word, 50 at a time',
      async () => (await searchPackages(deps, one(pick))).total ?? 0,
      50,
    );
} finally {
  await admin.close();
  rmSync(dir, { recursive: true, force: true });
}

// The memory probe of docs/performance.md, "Memory, fourth pass: after the loads": the registry
// bench's stages against one build (this one, or the dist/main.js given as the first argument),
// with the server's RSS by kind of mapping and its heap gauges after each stage, and the peaks
// of the two RSS rows. Prints one JSON line. Each build starts with its own start script's
// variables and node options (processes.ts); PKG_BENCH_SERVER_ENV adds variables.
//   node dist-bench/bench/rss-probe.js [<a build>/server/dist/main.js] [label]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NS, SEEDED, setUpPkg, type SeededPkg } from './bench-steps.js';
import { buildBigPackage, SEARCH_WORDS, seededName } from './fixtures.js';
import { downloadOnce, runDownloads, runLoad } from './load.js';
import { cpuMsOf, peakRssDuring, rssOf } from './processes.js';

const MiB = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** RSS by kind of mapping, from /proc/<pid>/smaps. */
function mappings(pid: number) {
  const out = { file: 0, glibcMainHeap: 0, glibcArenas: 0, otherAnonymous: 0, bsonBuffer: 0 };
  let current: { start: number; end: number; name: string } | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: parseInt(head[1] ?? '0', 16),
        end: parseInt(head[2] ?? '0', 16),
        name: head[3] ?? '',
      };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    const bytes = Number(rss[1]) * 1024;
    const { start, end, name } = current;
    if (name && !name.startsWith('[')) out.file += bytes;
    else if (name === '[heap]') out.glibcMainHeap += bytes;
    else if (name === '' || name.startsWith('[anon')) {
      // glibc's other arenas: heaps of at most 64 MiB, aligned on 64 MiB
      if (start % 0x4000000 === 0 && end - start <= 0x4000000) out.glibcArenas += bytes;
      else out.otherAnonymous += bytes;
      if (end - start === 17_412 * 1024) out.bsonBuffer += bytes; // bson's 17 MiB buffer
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, MiB(v)]));
}

async function gauges(url: string) {
  const lines = (await (await fetch(`${url}/metrics`)).text()).split('\n');
  const gauge = (name: string) => Number(lines.find((l) => l.startsWith(`${name} `))?.split(' ')[1]);
  return {
    heapUsed: MiB(gauge('nodejs_heap_size_used_bytes')),
    heapTotal: MiB(gauge('nodejs_heap_size_total_bytes')),
    external: MiB(gauge('nodejs_external_memory_bytes')),
  };
}

async function state({ pkg }: SeededPkg) {
  return { rss: MiB(rssOf(pkg.pid)), ...mappings(pkg.pid), ...(await gauges(pkg.url)) };
}

/** The bench's search, random-read, publish and download stages between the two rows. */
async function loads(seeded: SeededPkg, dataDir: string, out: Record<string, unknown>) {
  const { pkg, publish } = seeded;
  const load = (pathOf: () => string) => runLoad({ url: pkg.url, connections: 50, seconds: 5, path: pathOf });
  const cpuPerRequest = async (at: string) => {
    const before = cpuMsOf(pkg.pid);
    const result = await load(() => at);
    return Math.round(((cpuMsOf(pkg.pid) - before) * 1000) / Math.max(1, result.requests));
  };
  out.documentCpuUs = [
    await cpuPerRequest(`/packages/${NS}/big`),
    await cpuPerRequest(`/packages/${NS}/big`),
  ];
  out.afterDocuments = await state(seeded);
  const word = () => SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)] ?? 'weather';
  await fetch(`${pkg.url}/packages/search?q=weather`);
  out.afterFirstSearch = await state(seeded);
  await load(() => `/packages/search?q=${word()}`);
  await load(() => `/packages/search?q=${word()}%20${word()}`);
  await load(() => `/packages/search?q=${word()}&no-network=1&no-env=1&page=2`);
  out.afterSearches = await state(seeded);
  const random = () => seededName(Math.floor(Math.random() * SEEDED));
  await load(() => `/packages/${NS}/${random()}`);
  await load(() => `/packages/${NS}/${random()}/1.0.0`);
  out.afterRandomReads = await state(seeded);
  for (let i = 0; i < 30; i++) await publish((await buildBigPackage(NS, `cold-${i}`)).bytes);
  for (let i = 0; i < 30; i++) await downloadOnce(`${pkg.url}/packages/${NS}/cold-${i}/1.0.0/download`);
  const copies = path.join(dataDir, 'artifact-cache');
  for (const name of readdirSync(copies)) rmSync(path.join(copies, name), { force: true });
  for (let i = 0; i < 30; i++) await downloadOnce(`${pkg.url}/packages/${NS}/cold-${i}/1.0.0/download`);
  const download = `${pkg.url}/packages/${NS}/big/1.0.0/download`;
  await runDownloads(download, 1, 5);
  await runDownloads(download, 10, 5);
  out.afterPublishes = await state(seeded);
}

/**
 * A heap snapshot of the held server after the loads (PKG_PROBE_HEAP_SNAPSHOT=<dir>, with
 * PKG_BENCH_SERVER_ARGS='--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>'): once its file
 * appears, V8 writes it on the server's main thread, so the next answer comes once it is written.
 */
async function heapSnapshot(seeded: SeededPkg, dir: string) {
  const count = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot')).length;
  const before = count();
  process.kill(seeded.pkg.pid, 'SIGUSR2');
  while (count() === before) await new Promise((resolve) => setTimeout(resolve, 50));
  const after = await fetch(`${seeded.pkg.url}/health`, { headers: { connection: 'close' } }).then(
    async () => state(seeded),
    async () => state(seeded),
  );
  process.stdout.write(`${JSON.stringify({ afterSnapshot: after })}\n`);
}

const main = process.argv[2];
const work = mkdtempSync(path.join(tmpdir(), 'pkg-rss-probe-'));
const big = await buildBigPackage(NS, 'big');
const seeded = await setUpPkg(path.join(work, 'data'), big.bytes, main);
try {
  const download = `${seeded.pkg.url}/packages/${NS}/big/1.0.0/download`;
  const fifty = async () => {
    await downloadOnce(download);
    const { peak } = await peakRssDuring(seeded.pkg.pid, () => runDownloads(download, 50, 5));
    return { peak: MiB(peak), after: await state(seeded) };
  };
  const out: Record<string, unknown> = { label: process.argv[3] ?? main ?? 'this build' };
  out.rightAfterSeeding = await fifty();
  await loads(seeded, path.join(work, 'data'), out);
  out.afterTheLoads = await fifty();
  process.stdout.write(`${JSON.stringify(out)}\n`);
  if (process.env.PKG_PROBE_HEAP_SNAPSHOT) await heapSnapshot(seeded, process.env.PKG_PROBE_HEAP_SNAPSHOT);
} finally {
  await seeded.pkg.stop();
  rmSync(work, { recursive: true, force: true });
}

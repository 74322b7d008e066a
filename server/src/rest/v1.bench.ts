// Benchmark of the public API (`npm run bench`): warm `GET /v1/chain` requests a second from the
// built server (dist/main.js, a child process on loopback, pointed at the vendor doubles) against
// plain Express serving the same JSON from memory in another child process, measured in the same
// run with the same client (50 concurrent keep-alive requests per iteration; the target: at
// least 0.7× of plain Express). Then a cold answer: the chain overview built with a new data client
// (empty caches) against the doubles, as the first request after a start would build it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDataClient, createThrottleRegistry, projectTokenConfigSchema } from '@pkg/shared/data';
import { startDoubles } from '@pkg/shared/testing';
import { afterAll, bench, describe } from 'vitest';
import type * as TargetsModule from '../../bench/targets.js';
import { createV1AnswerCache } from '../cache/v1-answers.js';
import { chainOverview } from '../services/website/chain-overview.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_MAIN = path.resolve(here, '../../dist/main.js');
const CONCURRENT = 50;
const work = mkdtempSync(path.join(tmpdir(), 'pkg-v1-bench-'));
const children: ChildProcess[] = [];
// The bench harness's target table (server/bench/targets.ts), built by `npm run bench:build`.
const { recordTarget } = (await import(
  pathToFileURL(path.resolve(here, '../../dist-bench/bench/targets.js')).href
)) as typeof TargetsModule;

async function startChild(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: path.resolve(here, '../..'),
  });
  children.push(child);
  // Each child prints one line when it listens: its URL (main.js logs JSON with `url`).
  let out = '';
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    out += chunk.toString();
    const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (match) {
      child.stdout?.resume();
      return match[0];
    }
  }
  throw new Error(`the child exited before listening: ${out}`);
}

const d = await startDoubles();
const pkgUrl = await startChild([SERVER_MAIN], {
  ...d.env,
  HOST: '127.0.0.1',
  PORT: '0',
  PKG_DATA_DIR: path.join(work, 'data'),
  PKG_RATE_LIMIT_PUBLIC: '0',
  PKG_RATE_LIMIT_V1: '0',
  // info: main.js logs the URL it listens on, which is how the bench finds its port.
  LOG_LEVEL: 'info',
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT });
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}
const first = await fetch(`${pkgUrl}/v1/chain`);
if (first.status !== 200) throw new Error(`GET /v1/chain: HTTP ${first.status}`);
const jsonFile = path.join(work, 'chain.json');
writeFileSync(jsonFile, await first.text());

// The peer: plain Express 5 sending the same JSON object with res.json (Express's own ETag).
const plainUrl = await startChild(
  [
    '--input-type=module',
    '-e',
    `import express from 'express';
     import { readFileSync } from 'node:fs';
     const body = JSON.parse(readFileSync(${JSON.stringify(jsonFile)}, 'utf8'));
     const app = express();
     app.get('/v1/chain', (req, res) => { res.json(body); });
     const server = app.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));`,
  ],
  {},
);

async function round(url: string): Promise<void> {
  const statuses = await Promise.all(Array.from({ length: CONCURRENT }, () => get(url)));
  if (statuses.some((s) => s !== 200)) throw new Error(`${url}: ${statuses.join(',')}`);
}

/** Median of `runs` rounds of each, alternating which goes first (a busy moment weighs on both). */
async function interleaved(runs: number): Promise<{ pkg: number; plain: number }> {
  const pkg: number[] = [];
  const plain: number[] = [];
  const timed = async (url: string, into: number[]) => {
    const start = performance.now();
    await round(url);
    into.push(performance.now() - start);
  };
  for (let i = 0; i < runs; i++) {
    const pair = [() => timed(`${pkgUrl}/v1/chain`, pkg), () => timed(`${plainUrl}/v1/chain`, plain)];
    if (i % 2) pair.reverse();
    for (const run of pair) await run();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  return { pkg: median(pkg), plain: median(plain) };
}

afterAll(async () => {
  // The target row (the bench's own table has each one's hz): requests a second, pkg over plain.
  const { pkg, plain } = await interleaved(200);
  const ratio = plain / pkg;
  const pass = ratio >= 0.7;
  console.log(
    `warm /v1/chain: pkg ${(pkg / CONCURRENT).toFixed(3)} ms a request, plain Express ${(plain / CONCURRENT).toFixed(3)} ms: ${ratio.toFixed(2)}x (target >= 0.7x: ${pass ? 'PASS' : 'FAIL'})`,
  );
  recordTarget({
    measure: '/v1/chain warm vs plain Express (req/s)',
    measured: `${ratio.toFixed(2)}x (median of 200 interleaved rounds of ${CONCURRENT})`,
    target: '>= 0.7x',
    pass,
    bench: 'server v1.bench.ts',
  });
  agent.destroy();
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null) return;
      const exited = once(c, 'exit');
      c.kill('SIGTERM');
      await exited;
    }),
  );
  await d.close();
  rmSync(work, { recursive: true, force: true });
});

describe(`warm GET /v1/chain, ${CONCURRENT} concurrent requests per iteration`, () => {
  bench('pkg server (tRPC procedure, answer cache, ETag)', () => round(`${pkgUrl}/v1/chain`), {
    time: 4000,
    warmupTime: 500,
  });
  bench('plain Express, the same JSON from memory', () => round(`${plainUrl}/v1/chain`), {
    time: 4000,
    warmupTime: 500,
  });
});

describe('cold /v1/chain answer against the doubles (new data client: empty caches)', () => {
  const projectToken = projectTokenConfigSchema.parse({});
  bench(
    'chain overview, cold',
    async () => {
      const data = createDataClient({ env: d.env, throttles: createThrottleRegistry() });
      try {
        await chainOverview({
          data,
          clock: () => new Date(),
          projectToken,
          v1Answers: createV1AnswerCache({ now: () => Date.now() }),
        });
      } finally {
        await data.close();
      }
    },
    { time: 3000, iterations: 10 },
  );
});

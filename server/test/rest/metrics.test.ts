// GET /metrics (docs/operator.md, "Metrics"): after a run of real requests (package reads through
// the hot-read path and Express, a publish, a download, trust reads, /v1 answers from the vendor
// doubles, a 404), every metric of the doc's table is in the scrape with its type and labels; no
// label holds a package name, an address, a raw path or a secret; and the access rules: open on
// loopback, off on another address without PKG_METRICS_TOKEN, bearer-only with it.
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GT, startDoubles, type Doubles } from '@pkg/shared/testing';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const OPERATOR_DOC = new URL('../../../docs/operator.md', import.meta.url);
const DASHBOARD = new URL('../../../docs/grafana-dashboard.json', import.meta.url);
const METRICS_TOKEN = `mtok_${'Q7x'.repeat(14)}`;
const NAMESPACE = 'mtrxowner';
const NAME = 'gauge-skill';

interface DocRow {
  name: string;
  type: string;
  labels: string[];
}

/** The rows of the metrics table under "## Metrics" in docs/operator.md. */
function documentedMetrics(): DocRow[] {
  const doc = readFileSync(OPERATOR_DOC, 'utf8');
  const section = doc.split(/^## Metrics$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows: DocRow[] = [];
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z0-9_:]+)` +\| (counter|gauge|histogram) +\| ([^|]*)\|/.exec(line);
    if (!match) continue;
    const labels = [...(match[3] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
    rows.push({ name: match[1] ?? '', type: match[2] ?? '', labels });
  }
  return rows;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format: the TYPE of each family and every sample line. */
function parseScrape(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1] ?? '', type[2] ?? '');
    if (!line || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1] ?? ''] = m[2] ?? '';
    samples.push({ name: sample[1] ?? '', labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The samples of a family: its own name, or a histogram's _bucket, _sum and _count. */
function samplesOf(samples: Sample[], row: DocRow): Sample[] {
  const names =
    row.type === 'histogram' ? [`${row.name}_bucket`, `${row.name}_sum`, `${row.name}_count`] : [row.name];
  return samples.filter((s) => names.includes(s.name));
}

/** A non-loopback IPv4 address of this machine, else every address (0.0.0.0). */
function nonLoopbackHost(): string {
  for (const addresses of Object.values(networkInterfaces()))
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '0.0.0.0';
}

describe('GET /metrics after a run of real requests', () => {
  let d: Doubles;
  let server: TestServer;
  let publishToken: string;
  let scrape: string;

  beforeAll(async () => {
    d = await startDoubles();
    server = await startTestServer({ dataEnv: d.env });
    const { token } = await createUser(server.deps.registry, NAMESPACE);
    publishToken = token.token;
    const pack = await buildPackage({ namespace: NAMESPACE, name: NAME });
    expect((await publishArchive(server.url, publishToken, pack.bytes)).status).toBe(201);
    // the same version again: a refused publish
    expect((await publishArchive(server.url, publishToken, pack.bytes)).status).toBe(409);
    const base = `${server.url}/packages/${NAMESPACE}/${NAME}`;
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(base)).status).toBe(200); // the hot-read path
      expect((await fetch(`${base}/1.0.0`)).status).toBe(200);
      expect((await fetch(`${base}/versions`)).status).toBe(200); // Express
    }
    const download = await fetch(`${base}/1.0.0/download`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(pack.bytes.byteLength);
    expect((await fetch(`${server.url}/keys`)).status).toBe(200);
    expect((await fetch(`${server.url}/log/checkpoint`)).status).toBe(200);
    expect((await fetch(`${server.url}/log/proof/inclusion/${NAMESPACE}/${NAME}/1.0.0`)).status).toBe(200);
    expect((await fetch(`${server.url}/v1/chain`)).status).toBe(200);
    expect((await fetch(`${server.url}/v1/chain`)).status).toBe(200); // the /v1 answer cache
    await (await fetch(`${server.url}/v1/pool/eth/${GT.pool}`)).arrayBuffer();
    expect((await fetch(`${server.url}/packages/${NAMESPACE}/no-such-skill`)).status).toBe(404);
    expect((await fetch(`${server.url}/nowhere/${NAMESPACE}/${GT.pool}`)).status).toBe(404);
    expect(
      (await fetch(`${server.url}/trpc/packages.get?input=${encodeURIComponent('{"json":{}}')}`)).status,
    ).toBe(400);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    scrape = await res.text();
  });
  afterAll(async () => {
    await server?.close();
    await d?.close();
  });

  test('every metric of docs/operator.md is there with its type and its labels', () => {
    const rows = documentedMetrics();
    expect(rows.length).toBeGreaterThan(20);
    const { types, samples } = parseScrape(scrape);
    // Families this run does not exercise: no throttle wait, no alert check (no scheduler).
    const idle = new Set([
      'pkg_data_throttle_waits_total',
      'pkg_data_throttle_wait_seconds_total',
      'pkg_bot_alert_checks_total',
    ]);
    for (const row of rows) {
      expect(types.get(row.name), row.name).toBe(row.type);
      const own = samplesOf(samples, row);
      if (idle.has(row.name)) continue;
      expect(own.length, `${row.name} has samples`).toBeGreaterThan(0);
      for (const sample of own) {
        const names = Object.keys(sample.labels).filter((l) => l !== 'le');
        expect(names.sort(), `${row.name} labels`).toEqual([...row.labels].sort());
      }
    }
  });

  test('the run is counted: routes, publishes, the download, caches, providers, store', () => {
    const { samples } = parseScrape(scrape);
    const value = (name: string, labels: Record<string, string>) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0);
    const requests = (route: string, status: string) =>
      value('pkg_http_requests_total', { route, method: 'GET', status });
    expect(requests('/packages/:namespace/:name', '200')).toBe(3);
    expect(requests('/packages/:namespace/:name/:version', '200')).toBe(3);
    expect(requests('/packages/:namespace/:name/versions', '200')).toBe(3);
    expect(requests('/packages/:namespace/:name', '404')).toBe(1);
    expect(requests('/v1/chain', '200')).toBe(2);
    expect(requests('unmatched', '404')).toBe(1);
    expect(requests('/trpc/packages.get', '400')).toBe(1);
    expect(value('pkg_http_requests_total', { route: '/publish', method: 'POST' })).toBe(2);
    expect(value('pkg_publishes_total', { outcome: 'published', auth: 'token' })).toBe(1);
    expect(value('pkg_publishes_total', { outcome: 'VERSION_EXISTS', auth: 'token' })).toBe(1);
    expect(value('pkg_log_appends_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value('pkg_trust_reads_total', { read: 'inclusion' })).toBe(1);
    expect(value('pkg_artifact_bytes_served_total', {})).toBeGreaterThan(0);
    expect(value('pkg_cache_lookups_total', { cache: 'package_responses', result: 'hit' })).toBe(2);
    expect(value('pkg_cache_lookups_total', { cache: 'v1_answers', result: 'hit' })).toBe(1);
    expect(value('pkg_cache_lookups_total', { cache: 'data_results', result: 'miss' })).toBeGreaterThan(0);
    expect(value('pkg_data_provider_calls_total', { outcome: 'live' })).toBeGreaterThan(0);
    expect(
      value('pkg_store_command_duration_seconds_count', { command: 'find', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(value('pkg_store_pool_connections', {})).toBeGreaterThan(0);
    expect(value('pkg_store_pool_checked_out', {})).toBeGreaterThanOrEqual(0);
  });

  test('no label holds a package name, an address, a raw path or a secret', () => {
    const { samples } = parseScrape(scrape);
    const forbidden = [NAMESPACE, NAME, GT.pool, publishToken, METRICS_TOKEN, '/nowhere', 'no-such-skill'];
    for (const sample of samples)
      for (const [label, value] of Object.entries(sample.labels))
        for (const word of forbidden) expect(value, `${sample.name} ${label}`).not.toContain(word);
    const routes = new Set(samples.map((s) => s.labels.route).filter((r) => r !== undefined));
    for (const route of routes) expect(route).toMatch(/^(\/[\w.:{}*()-]*)+$|^unmatched$|^\(middleware\)$/);
    expect(scrape).not.toContain(publishToken);
  });
});

describe('the Grafana dashboard of docs/operator.md', () => {
  interface Panel {
    type: string;
    title: string;
    gridPos: { x: number; y: number; w: number; h: number };
    targets?: { expr: string; refId: string }[];
  }
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    title: string;
    uid: string;
    schemaVersion: number;
    panels: Panel[];
    templating: { list: { name: string }[] };
  };

  test('is a dashboard model whose panels query only the documented metrics', () => {
    expect(readFileSync(OPERATOR_DOC, 'utf8')).toContain('(grafana-dashboard.json)');
    expect(dashboard).toMatchObject({ title: 'pkg registry', uid: 'pkg-registry' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['datasource', 'job']);
    const documented = new Set(documentedMetrics().map((r) => r.name));
    const graphs = dashboard.panels.filter((p) => p.type === 'timeseries');
    expect(graphs.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Request rate by route',
        'p95 latency by route',
        '5xx rate by route',
        'Cache hit ratio by cache',
        'Provider calls by outcome',
        'Store command p95 latency',
        'Memory',
        'Event-loop lag',
      ]),
    );
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? [])
        for (const [name] of expr.matchAll(/\b(?:pkg|process|nodejs)_[a-z0-9_]+/g))
          expect(documented, `${panel.title}: ${name}`).toContain(name.replace(/_(bucket|sum|count)$/, ''));
    }
  });
});

describe('GET /metrics access', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer({ env });
    servers.push(server);
    return server;
  };

  test('open on a loopback listener', async () => {
    const server = await start({ HOST: '127.0.0.1', PKG_METRICS_TOKEN: METRICS_TOKEN });
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('pkg_http_requests_total');
  });

  test('off on another address without PKG_METRICS_TOKEN', async () => {
    const server = await start({ HOST: nonLoopbackHost() });
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  test('on another address with PKG_METRICS_TOKEN: the bearer token only', async () => {
    const server = await start({ HOST: nonLoopbackHost(), PKG_METRICS_TOKEN: METRICS_TOKEN });
    const url = `${server.url}/metrics`;
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const res = await fetch(url, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      const body = await res.text();
      expect(body).toContain('UNAUTHENTICATED');
      expect(body).not.toContain(METRICS_TOKEN);
    }
    const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('pkg_http_requests_total{route="/metrics",method="GET",status="401"} 4');
    expect(text).not.toContain(METRICS_TOKEN);
    expect(server.logs.map((l) => JSON.stringify(l)).join('\n')).not.toContain(METRICS_TOKEN);
  });
});

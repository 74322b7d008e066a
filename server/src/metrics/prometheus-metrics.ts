// The Metrics interface kept in a Prometheus registry of this app's own (never prom-client's
// global one, so that several apps in one process count apart), with the process metrics of
// prom-client's collectDefaultMetrics on the same registry. Every family is listed in
// docs/operator.md, "Metrics"; a test scrapes an app and checks that list against the output.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from './metrics.js';
import { Tally } from './tally.js';

/** The metrics, and the text a scrape answers. */
export interface PrometheusMetrics extends Metrics {
  contentType: string;
  scrape(): Promise<string>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Store command names are the driver's (find, insert, getMore ...); anything else is `other`. */
const COMMAND = /^[A-Za-z]{1,40}$/;
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function httpFamilies(registers: Registry[]) {
  return {
    artifactBytes: new Counter({
      name: 'pkg_artifact_bytes_served_total',
      help: 'Bytes of artifacts streamed to clients (downloads)',
      registers,
    }),
  };
}

function dataFamilies(registers: Registry[]) {
  return {
    providerCalls: new Counter({
      name: 'pkg_data_provider_calls_total',
      help: 'Data-provider calls by provider and outcome (live, cached, unavailable, rate_limited, error)',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    providerSeconds: new Histogram({
      name: 'pkg_data_provider_call_duration_seconds',
      help: 'Duration of the data-provider calls sent upstream, by provider and outcome',
      labelNames: ['provider', 'outcome'] as const,
      buckets: UPSTREAM_BUCKETS,
      registers,
    }),
    throttleWaits: new Counter({
      name: 'pkg_data_throttle_waits_total',
      help: "Requests that waited for a provider's client-side request budget",
      labelNames: ['provider'] as const,
      registers,
    }),
    throttleSeconds: new Counter({
      name: 'pkg_data_throttle_wait_seconds_total',
      help: "Seconds spent waiting for providers' client-side request budgets",
      labelNames: ['provider'] as const,
      registers,
    }),
  };
}

/** The pool's counts, kept as plain numbers (a checkout is one addition) and read at a scrape. */
interface PoolCounts {
  checkedOut: number;
  open: number;
}

function storeFamilies(registers: Registry[], pool: PoolCounts) {
  return {
    poolCheckedOut: new Gauge({
      name: 'pkg_store_pool_checked_out',
      help: 'Store connections checked out of the pool (in use)',
      registers,
      collect() {
        this.set(pool.checkedOut);
      },
    }),
    poolOpen: new Gauge({
      name: 'pkg_store_pool_connections',
      help: 'Store connections open in the pool',
      registers,
      collect() {
        this.set(pool.open);
      },
    }),
    botLeader: new Gauge({
      name: 'pkg_bot_leader',
      help: "1 while this process holds the bots' schedule lease, else 0",
      registers,
    }),
  };
}

function registryFamilies(registers: Registry[]) {
  return {
    alertChecks: new Counter({
      name: 'pkg_bot_alert_checks_total',
      help: 'Alert checks run by the leader, by check and outcome (ok, failed)',
      labelNames: ['check', 'outcome'] as const,
      registers,
    }),
    publishes: new Counter({
      name: 'pkg_publishes_total',
      help: "Publishes answered, by outcome (published or the registry's error code) and auth (token, oidc)",
      labelNames: ['outcome', 'auth'] as const,
      registers,
    }),
    trustReads: new Counter({
      name: 'pkg_trust_reads_total',
      help: 'Install-verification reads served: keys, checkpoint, entry, inclusion, consistency',
      labelNames: ['read'] as const,
      registers,
    }),
    logAppends: new Counter({
      name: 'pkg_log_appends_total',
      help: 'Transparency-log appends by entry kind and outcome (ok, error)',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
  };
}

function families(register: Registry, pool: PoolCounts) {
  const registers = [register];
  return {
    ...httpFamilies(registers),
    ...dataFamilies(registers),
    ...storeFamilies(registers, pool),
    ...registryFamilies(registers),
  };
}

export function createPrometheusMetrics(): PrometheusMetrics {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const pool: PoolCounts = { checkedOut: 0, open: 0 };
  const f = families(register, pool);
  const requests = new Tally(['route', 'method', 'status'], LATENCY_BUCKETS);
  requests.counter(
    register,
    'pkg_http_requests_total',
    'HTTP requests answered, by route pattern, method and status',
  );
  requests.histogram(
    register,
    'pkg_http_request_duration_seconds',
    'Time from a request to the end of its answer, by route pattern, method and status',
  );
  const lookups = new Tally(['cache', 'result']);
  lookups.counter(register, 'pkg_cache_lookups_total', 'Cache lookups by cache and result (hit or miss)');
  const commands = new Tally(['command', 'outcome'], LATENCY_BUCKETS);
  commands.histogram(
    register,
    'pkg_store_command_duration_seconds',
    'Store commands by command name and outcome (ok, error), with their duration',
  );
  const outcome = (ok: boolean) => (ok ? 'ok' : 'error');
  return {
    contentType: register.contentType,
    scrape: () => register.metrics(),
    request: (route, method, status, seconds) =>
      requests.record([route, METHODS.has(method) ? method : 'other', String(status)], seconds),
    artifactBytes: (bytes) => f.artifactBytes.inc(bytes),
    cacheLookup: (cache, hit) => lookups.record([cache, hit ? 'hit' : 'miss']),
    providerCall(provider, result, seconds) {
      f.providerCalls.inc({ provider, outcome: result });
      if (seconds !== undefined) f.providerSeconds.observe({ provider, outcome: result }, seconds);
    },
    throttleWait(provider, seconds) {
      f.throttleWaits.inc({ provider });
      f.throttleSeconds.inc({ provider }, seconds);
    },
    storeCommand: (command, ok, seconds) =>
      commands.record([COMMAND.test(command) ? command : 'other', outcome(ok)], seconds),
    storePool({ checkedOut = 0, open = 0 }) {
      pool.checkedOut += checkedOut;
      pool.open += open;
    },
    botLeader: (leader) => f.botLeader.set(leader ? 1 : 0),
    alertCheck: (check, ok) => f.alertChecks.inc({ check, outcome: ok ? 'ok' : 'failed' }),
    publish: (result, auth) => f.publishes.inc({ outcome: result, auth }),
    trustRead: (read) => f.trustReads.inc({ read }),
    logAppend: (kind, ok) => f.logAppends.inc({ kind, outcome: outcome(ok) }),
  };
}

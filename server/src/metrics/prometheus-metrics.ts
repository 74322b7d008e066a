// The Metrics interface kept in a Prometheus registry of this app's own (never prom-client's
// global one, so that several apps in one process count apart), with the process metrics of
// prom-client's collectDefaultMetrics on the same registry. Every family is listed in
// docs/operator.md, "Metrics"; a test scrapes an app and checks that list against the output.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';
import type { Metrics } from './metrics.js';

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

type Labels<T extends string> = LabelValues<T>;

function httpFamilies(registers: Registry[]) {
  return {
    requests: new Counter({
      name: 'pkg_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'pkg_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    artifactBytes: new Counter({
      name: 'pkg_artifact_bytes_served_total',
      help: 'Bytes of artifacts streamed to clients (downloads)',
      registers,
    }),
    cache: new Counter({
      name: 'pkg_cache_lookups_total',
      help: 'Cache lookups by cache and result (hit or miss)',
      labelNames: ['cache', 'result'] as const,
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

function storeFamilies(registers: Registry[]) {
  return {
    storeSeconds: new Histogram({
      name: 'pkg_store_command_duration_seconds',
      help: 'Store commands by command name and outcome (ok, error), with their duration',
      labelNames: ['command', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    poolCheckedOut: new Gauge({
      name: 'pkg_store_pool_checked_out',
      help: 'Store connections checked out of the pool (in use)',
      registers,
    }),
    poolOpen: new Gauge({
      name: 'pkg_store_pool_connections',
      help: 'Store connections open in the pool',
      registers,
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

function families(register: Registry) {
  const registers = [register];
  return {
    ...httpFamilies(registers),
    ...dataFamilies(registers),
    ...storeFamilies(registers),
    ...registryFamilies(registers),
  };
}

/**
 * The request counter and histogram children per (route, method, status), made once: a request
 * costs a Map lookup, one increment and one observation.
 */
function requestRecorder(f: ReturnType<typeof families>): Metrics['request'] {
  const children = new Map<string, { count: Counter; seconds: Histogram }>();
  return (route, method, status, seconds) => {
    const m = METHODS.has(method) ? method : 'other';
    const key = `${route} ${m} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels: Labels<'route' | 'method' | 'status'> = { route, method: m, status };
      child = {
        count: f.requests.labels(labels) as unknown as Counter,
        seconds: f.requestSeconds.labels(labels) as unknown as Histogram,
      };
      children.set(key, child);
    }
    child.count.inc();
    child.seconds.observe(seconds);
  };
}

export function createPrometheusMetrics(): PrometheusMetrics {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const f = families(register);
  const outcome = (ok: boolean) => (ok ? 'ok' : 'error');
  return {
    contentType: register.contentType,
    scrape: () => register.metrics(),
    request: requestRecorder(f),
    artifactBytes: (bytes) => f.artifactBytes.inc(bytes),
    cacheLookup: (cache, hit) => f.cache.inc({ cache, result: hit ? 'hit' : 'miss' }),
    providerCall(provider, result, seconds) {
      f.providerCalls.inc({ provider, outcome: result });
      if (seconds !== undefined) f.providerSeconds.observe({ provider, outcome: result }, seconds);
    },
    throttleWait(provider, seconds) {
      f.throttleWaits.inc({ provider });
      f.throttleSeconds.inc({ provider }, seconds);
    },
    storeCommand(command, ok, seconds) {
      f.storeSeconds.observe(
        { command: COMMAND.test(command) ? command : 'other', outcome: outcome(ok) },
        seconds,
      );
    },
    storePool({ checkedOut, open }) {
      if (checkedOut) f.poolCheckedOut.inc(checkedOut);
      if (open) f.poolOpen.inc(open);
    },
    botLeader: (leader) => f.botLeader.set(leader ? 1 : 0),
    alertCheck: (check, ok) => f.alertChecks.inc({ check, outcome: ok ? 'ok' : 'failed' }),
    publish: (result, auth) => f.publishes.inc({ outcome: result, auth }),
    trustRead: (read) => f.trustReads.inc({ read }),
    logAppend: (kind, ok) => f.logAppends.inc({ kind, outcome: outcome(ok) }),
  };
}

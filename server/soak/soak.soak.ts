// The soak (docs/operator.md, "Soak"): `npm run soak [-- --minutes N]`, not part of `npm test`.
// The built server (dist/main.js, with the soak's probe loaded and an IPC channel) runs on
// MONGODB_URI against the embedded store in a process of its own (`pkg-admin db serve`), with the
// vendor doubles the tests use, GeckoTerminal's behind a fault switch, and the Telegram and Discord
// doubles. For N minutes, workers in this process send a mix of reads, downloads, publishes, /v1
// reads, bot webhooks and hostile requests; slow clients hold connections; a burst goes over the
// rate limit each minute. Faults: GeckoTerminal hangs for a window, then answers garbage for
// another, and the store is killed with SIGKILL once and started again on the same directory.
// Each minute prints requests by class and status, p50/p99, and the server's RSS and fds
// (/proc), heap, handles and event-loop delay (the probe, over IPC). At the end: 5xx outside the
// documented cases, the RSS slope after warm-up, every acknowledged publish downloaded again and
// hashed, and each fault's window and what was seen. The test fails when a target is missed.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { discordKeys, startDiscordServer, startDoubles, startTelegramServer } from '@pkg/shared/testing';
import { expect, test } from 'vitest';
import { ALLOCATOR_ENV } from '../src/allocator-settings.js';
import { lastLine, runAdmin } from '../test/admin/run-admin.js';
import { spawnServer, type SpawnedServer } from '../test/helpers/spawn-server.js';
import { startStoreProcess, type StoreProcess } from '../test/helpers/store-process.js';
import { startFaultProxy } from './fault-proxy.js';
import {
  describeSample,
  fmt,
  procSample,
  Recorder,
  toMiB,
  type Answer,
  type ServerSample,
} from './record.js';
import * as traffic from './traffic.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? '10');
const WORKERS = 6;
const SLOW_CLIENTS = 8;
const PROBE = path.resolve(import.meta.dirname, 'probe.mjs');
const TELEGRAM_TOKEN = '7000000003:AAE-soak_test_token_0123456789abcdef';
const TELEGRAM_SECRET = 'soak-webhook-secret';
const DISCORD_APP = '111111111111111111';

interface Window {
  name: string;
  from: number;
  to: number;
  observed: string[];
}

test(
  `soak: ${MINUTES} minute(s) of mixed load with faults`,
  { timeout: (MINUTES + 10) * 60_000 },
  async () => {
    const total = MINUTES * 60;
    const dirs = [
      mkdtempSync(path.join(tmpdir(), 'pkg-soak-store-')),
      mkdtempSync(path.join(tmpdir(), 'pkg-soak-server-')),
    ];
    const [storeDir, dataDir] = dirs as [string, string];
    const doubles = await startDoubles();
    const telegram = await startTelegramServer(TELEGRAM_TOKEN);
    const discord = await startDiscordServer({
      applicationId: DISCORD_APP,
      botToken: 'soak-discord-bot-token',
    });
    const keys = discordKeys();
    const gtProxy = await startFaultProxy(doubles.geckoterminal.origin);
    let store: StoreProcess = await startStoreProcess(storeDir);
    const storeEnv = { MONGODB_URI: `${store.uri}pkg` };
    let server: SpawnedServer | undefined;
    const stopAll = new AbortController();
    try {
      const soakUser = await runAdmin(['user', 'create', 'soak'], storeEnv);
      const hostileUser = await runAdmin(['user', 'create', 'hostile'], storeEnv);
      if (soakUser.code !== 0 || hostileUser.code !== 0)
        throw new Error(`pkg-admin: ${soakUser.stderr}${hostileUser.stderr}`);
      server = await spawnServer(
        {
          ...(doubles.env as Record<string, string>),
          GECKOTERMINAL_BASE_URL: doubles.geckoterminal.baseUrl.replace(
            doubles.geckoterminal.origin,
            gtProxy.origin,
          ),
          ...storeEnv,
          // The variables `npm start` sets before node (docs/operator.md, "Memory").
          ...ALLOCATOR_ENV,
          PKG_DATA_DIR: dataDir,
          // Production's level: a line per request, read and dropped by the sampler.
          LOG_LEVEL: 'info',
          MONGODB_SERVER_SELECTION_TIMEOUT_MS: '2000',
          PKG_TRUST_PROXY: 'loopback',
          TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
          TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
          TELEGRAM_BASE_URL: telegram.baseUrl,
          DISCORD_PUBLIC_KEY: keys.publicKeyHex,
          DISCORD_APPLICATION_ID: DISCORD_APP,
          DISCORD_BOT_TOKEN: 'soak-discord-bot-token',
          DISCORD_BASE_URL: discord.baseUrl,
        },
        { nodeArgs: ['--expose-gc', '--import', PROBE], ipc: true },
      );
      const pid = server.child.pid ?? 0;
      const target: traffic.Target = {
        url: server.url,
        token: lastLine(soakUser.stdout),
        hostileToken: lastLine(hostileUser.stdout),
        telegramSecret: TELEGRAM_SECRET,
        telegramPath: '/telegram/webhook',
        discordSign: (ts, body) => keys.sign(ts, body),
        started: Date.now(),
      };
      const recorder = new Recorder();
      const record = (a: Answer) => recorder.add(a);
      const now = () => (Date.now() - target.started) / 1000;
      const deadline = target.started + total * 1000;
      process.stdout.write(
        `soak: ${MINUTES} min against ${server.url} (pid ${pid}); store pid ${store.child.pid}; ${WORKERS} workers, 1 publisher, ${SLOW_CLIENTS} slow clients\n`,
      );

      // The server's figures: /proc every 10 s, with the probe's answer over IPC.
      let sampleId = 0;
      let printed = 0;
      let collected = 0;
      /** The server's log lines at level error and above, by message. */
      const logErrors = new Map<string, number>();
      const probe = (gc: boolean): Promise<Partial<ServerSample>> =>
        new Promise((resolve) => {
          const id = ++sampleId;
          const timer = setTimeout(() => resolve({}), 2000);
          const onMessage = (m: {
            type?: string;
            id?: number;
            heapUsed: number;
            heapTotal: number;
            heapLive?: number;
            handles: number;
            eld: ServerSample['eld'];
          }) => {
            if (m?.type !== 'sample' || m.id !== id) return;
            clearTimeout(timer);
            server?.child.off('message', onMessage);
            resolve({
              heapUsedMiB: toMiB(m.heapUsed),
              heapTotalMiB: toMiB(m.heapTotal),
              ...(m.heapLive !== undefined ? { heapLiveMiB: toMiB(m.heapLive) } : {}),
              handles: m.handles,
              eld: m.eld,
            });
          };
          server?.child.on('message', onMessage);
          server?.child.send({ type: 'sample', id, gc });
        });
      const sampler = (async () => {
        while (Date.now() < deadline && !stopAll.signal.aborted) {
          await delay(10_000, undefined, { signal: stopAll.signal }).catch(() => undefined);
          const at = now();
          // A full collection once a minute (the first sample of each minute): the live heap.
          const gc = Math.floor(at / 60) > collected;
          if (gc) collected = Math.floor(at / 60);
          recorder.samples.push({
            ...procSample(pid, at),
            ...(await probe(gc)),
            published: traffic.acknowledged.size,
          });
          for (const line of server?.lines.splice(0) ?? [])
            if (Number(line.level) >= 50)
              logErrors.set(String(line.msg), (logErrors.get(String(line.msg)) ?? 0) + 1);
          while (printed < Math.floor(at / 60)) process.stdout.write(`${recorder.minuteReport(printed++)}\n`);
        }
      })();

      // The mix: WORKERS loops picking a class by weight, one paced publisher, slow clients, bursts.
      const mix: [number, (t: traffic.Target) => Promise<Answer>][] = [
        [45, traffic.read],
        [20, traffic.download],
        [15, traffic.v1],
        [8, traffic.bot],
        [12, traffic.hostile],
      ];
      const weight = mix.reduce((s, [w]) => s + w, 0);
      const choose = () => {
        let r = Math.random() * weight;
        for (const [w, fn] of mix) if ((r -= w) < 0) return fn;
        return traffic.read;
      };
      const workers = Array.from({ length: WORKERS }, async () => {
        while (Date.now() < deadline) record(await choose()(target));
      });
      const publisher = (async () => {
        while (Date.now() < deadline) {
          const t0 = Date.now();
          record(await traffic.publish(target));
          // Under the publish limit of 60 a minute per user.
          await delay(Math.max(0, 1_300 - (Date.now() - t0)));
        }
      })();
      const slowHeld: { heldMs: number; closedBy: string }[] = [];
      const slow = Array.from({ length: SLOW_CLIENTS }, async () => {
        while (Date.now() < deadline && !stopAll.signal.aborted) {
          const held = await traffic.slowClient(server?.url ?? '', 1_000, stopAll.signal);
          slowHeld.push(held);
          record({
            klass: 'slow',
            status: held.closedBy === 'server' ? 408 : 0,
            ms: held.heldMs,
            at: now(),
            what: 'slow client',
            code: held.closedBy,
          });
        }
      });
      const bursts = (async () => {
        while (Date.now() < deadline) {
          await delay(Math.min(45_000, Math.max(0, deadline - Date.now())));
          if (Date.now() >= deadline) break;
          await traffic.burst(target, 700, 16, record);
        }
      })();

      // The faults, at fixed fractions of the run.
      const windows: Window[] = [];
      const at = (fraction: number) => target.started + fraction * total * 1000;
      const waitUntil = async (t: number) => {
        await delay(Math.max(0, t - Date.now()));
      };
      const faults = (async () => {
        const faultLength = Math.min(60, Math.max(15, total * 0.1));
        for (const [mode, fraction] of [
          ['hang', 0.25],
          ['garbage', 0.45],
        ] as const) {
          await waitUntil(at(fraction));
          const w: Window = {
            name: `GeckoTerminal ${mode === 'hang' ? 'hangs' : 'answers garbage'}`,
            from: now(),
            to: 0,
            observed: [],
          };
          gtProxy.mode = mode;
          await delay(faultLength * 1000);
          gtProxy.mode = 'pass';
          w.to = now();
          windows.push(w);
        }
        await waitUntil(at(0.65));
        const w: Window = {
          name: 'store killed (SIGKILL), restarted on its directory',
          from: now(),
          to: 0,
          observed: [],
        };
        const port = store.port;
        await store.kill();
        const health: number[] = [];
        const outageEnd = Date.now() + 20_000;
        while (Date.now() < outageEnd) {
          health.push(
            await fetch(`${server?.url}/health`).then(
              (r) => r.status,
              () => 0,
            ),
          );
          await delay(500);
        }
        const restarting = now();
        store = await startStoreProcess(storeDir, port);
        const restarted = now();
        let recovered = Number.NaN;
        while (Date.now() < deadline + 60_000) {
          const ok = await fetch(`${server?.url}/packages/soak/p0`, {
            headers: { 'x-forwarded-for': '10.2.0.1' },
          }).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ok) {
            recovered = now();
            break;
          }
          await delay(200);
        }
        w.to = recovered;
        const healthOk = health.filter((s) => s === 200).length;
        w.observed.push(
          `store down ${fmt(restarted - w.from)} s (its restart took ${fmt(restarted - restarting)} s); /health ${healthOk}/${health.length} polls 200; first 200 read ${fmt(recovered - restarted)} s after the store served again; server pid ${server?.child.pid} never restarted (exit code ${server?.child.exitCode ?? 'none'})`,
        );
        windows.push(w);
      })();

      await Promise.all([...workers, publisher, bursts, faults]);
      stopAll.abort();
      await Promise.all([...slow, sampler]);
      while (printed < recorder.minutes.length) process.stdout.write(`${recorder.minuteReport(printed++)}\n`);

      // Every acknowledged publish: its version record and its bytes, hashed again. The check
      // downloads as one client per 500 versions, under the public rate limit (600 a minute per
      // client): a run of over 10 minutes acknowledges more than 600 publishes.
      const lost: string[] = [];
      let checked = 0;
      for (const [id, integrity] of traffic.acknowledged) {
        const [name, version] = id.split('@') as [string, string];
        const client = `10.3.${Math.floor(checked++ / 500) % 256}.1`;
        const res = await fetch(`${server.url}/packages/${name}/${version}/download`, {
          headers: { 'x-forwarded-for': client },
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        const got = `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
        if (res.status !== 200 || got !== integrity) lost.push(`${id}: ${res.status} ${got}`);
      }

      // The fault windows: what the answers in them were.
      const storeWindow = windows.find((w) => w.name.startsWith('store'));
      const documented = (a: Answer) =>
        a.status === 503 &&
        a.code === 'STORAGE_UNAVAILABLE' &&
        storeWindow !== undefined &&
        a.at >= storeWindow.from - 1 &&
        a.at <= (Number.isFinite(storeWindow.to) ? storeWindow.to : total) + 5;
      for (const w of windows) {
        const inside = recorder.answers.filter(
          (a) => a.at >= w.from && a.at <= (Number.isFinite(w.to) ? w.to : total),
        );
        const byClass = new Map<string, Map<string, number>>();
        for (const a of inside) {
          if (w.name.startsWith('GeckoTerminal') && a.klass !== 'v1') continue;
          const key =
            a.code && (a.status >= 500 || a.code.startsWith('pool:'))
              ? `${a.status} ${a.code}`
              : String(a.status);
          const m = byClass.get(a.klass) ?? new Map<string, number>();
          m.set(key, (m.get(key) ?? 0) + 1);
          byClass.set(a.klass, m);
        }
        for (const [klass, m] of byClass)
          w.observed.push(`${klass}: ${[...m].map(([k, n]) => `${k}×${n}`).join(', ')}`);
        if (w.name.startsWith('GeckoTerminal')) {
          const lat = inside
            .filter((a) => a.klass === 'v1')
            .map((a) => a.ms)
            .sort((a, b) => a - b);
          w.observed.push(`/v1 latency max ${fmt(lat.at(-1) ?? Number.NaN)} ms`);
        }
      }
      const undocumented = recorder.failures.filter((a) => a.status >= 500 && !documented(a));
      // An oversized body refused from its Content-Length: the server answers 413 and closes while
      // the client still sends, which the client may see as EPIPE or a reset.
      const cutOversized = (a: Answer) => a.klass === 'hostile' && a.what.startsWith('oversized');
      const noAnswer = recorder.failures.filter(
        (a) => a.status === 0 && a.klass !== 'slow' && !cutOversized(a),
      );
      const cut = recorder.failures.filter((a) => a.status === 0 && cutOversized(a));
      const slope = recorder.rssSlope(Math.min(2, MINUTES - 1));
      const live = recorder.liveSlope(Math.min(2, MINUTES - 1));
      const last = recorder.samples.at(-1);

      const group = (list: Answer[]) => {
        const m = new Map<string, number>();
        for (const a of list)
          m.set(
            `${a.klass} ${a.what} ${a.status} ${a.code ?? ''}`.trim(),
            (m.get(`${a.klass} ${a.what} ${a.status} ${a.code ?? ''}`.trim()) ?? 0) + 1,
          );
        return [...m].map(([k, n]) => `    ${k} ×${n}`).join('\n') || '    none';
      };
      const slowByServer = slowHeld
        .filter((s) => s.closedBy === 'server')
        .map((s) => s.heldMs / 1000)
        .sort((a, b) => a - b);
      const lines = [
        '══ soak result ══',
        `duration ${MINUTES} min; requests ${recorder.answers.length}; acknowledged publishes ${traffic.acknowledged.size}`,
        `5xx outside the documented cases (target 0): ${undocumented.length}`,
        group(undocumented),
        `requests without an HTTP answer (connection error or client timeout): ${noAnswer.length}`,
        group(noAnswer),
        `oversized bodies cut by the server's early 413 (the client saw its write fail): ${cut.length}`,
        `RSS slope from minute ${Math.min(2, MINUTES - 1)} on: ${fmt(slope.slope)} MiB/min over ${slope.points} samples (target flat)`,
        `live heap (after a full collection, once a minute) from minute ${Math.min(2, MINUTES - 1)} on: ${fmt(live.first ?? Number.NaN)} → ${fmt(live.last ?? Number.NaN)} MiB, slope ${fmt(live.slope)} MiB/min over ${live.points} samples (target flat), ${fmt(live.perPublishKiB)} KiB per version published meanwhile (what grows: docs/performance.md, "The soak's memory")`,
        `last sample: ${last ? describeSample(last) : '-'}`,
        `acknowledged publishes present and downloadable with their integrity: ${traffic.acknowledged.size - lost.length}/${traffic.acknowledged.size}${lost.length ? `\n    lost: ${lost.join('; ')}` : ''}`,
        `server log lines at level error: ${[...logErrors.values()].reduce((a, b) => a + b, 0)}${[...logErrors].map(([m, n]) => `\n    ${m} ×${n}`).join('')}`,
        `slow clients: ${slowHeld.length} held; closed by the server after ${fmt(slowByServer[0] ?? Number.NaN)}..${fmt(slowByServer.at(-1) ?? Number.NaN)} s`,
        'faults:',
        ...windows.map(
          (w) =>
            `  ${w.name}: ${fmt(w.from)} s → ${fmt(w.to)} s\n${w.observed.map((o) => `    ${o}`).join('\n')}`,
        ),
        `fault switch requests: ${JSON.stringify(gtProxy.seen)}`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);

      expect(undocumented).toEqual([]);
      expect(lost).toEqual([]);
      expect(server.child.exitCode).toBeNull();
    } finally {
      stopAll.abort();
      await server?.stop();
      await store.stop();
      await Promise.all([gtProxy.close(), telegram.close(), discord.close()]);
      await doubles.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  },
);

// The registry bench's scale-out proxy (docs/performance.md, "Scale-out"): Debian's nginx in
// front of two local HTTP servers takes them in turns over kept-alive connections and names the
// one that answered; without nginx the scale-out row is recorded as FAIL with the reason, and
// nothing is thrown.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { findNginx, startNginx, type NginxProxy } from '../../bench/nginx-proxy.js';
import { runScaleOut } from '../../bench/scale-out.js';
import { reportScaleOut } from '../../bench/scale-report.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-scale-proxy-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A server answering 200 to everything, counting the connections it accepted. */
async function upstream(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = http.createServer((_req, res) => res.end('ok'));
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, connections: () => connections };
}

describe('the scale-out proxy', () => {
  test('nginx takes two servers in turns over kept-alive connections and names the one that answered', async () => {
    const bin = findNginx();
    if (!bin) throw new Error('nginx is missing: apt-get install nginx-light (npm test installs it as root)');
    const [a, b] = [await upstream(), await upstream()];
    const proxy: NginxProxy = await startNginx(bin, tempDir(), { two: [a.port, b.port] });
    cleanups.push(() => proxy.stop());
    const before = a.connections() + b.connections();
    const answered: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${proxy.urls.two}/packages/bench/big`);
      expect(await res.text()).toBe('ok');
      answered.push(res.headers.get('x-upstream') ?? '');
    }
    expect(new Set(answered)).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    expect(answered.filter((x) => x === `127.0.0.1:${a.port}`)).toHaveLength(10);
    // 20 requests, one at a time: each server is reached over the connection it was first given
    expect(a.connections() + b.connections() - before).toBeLessThanOrEqual(2);
  });

  test('without nginx the scale-out row is FAIL and names the reason', async () => {
    const targets = path.join(tempDir(), 'targets.jsonl');
    const saved = { nginx: process.env.PKG_BENCH_NGINX, targets: process.env.PKG_BENCH_TARGETS };
    process.env.PKG_BENCH_NGINX = path.join(tmpdir(), 'no-such-nginx');
    process.env.PKG_BENCH_TARGETS = targets;
    cleanups.push(() => {
      for (const [name, value] of [
        ['PKG_BENCH_NGINX', saved.nginx],
        ['PKG_BENCH_TARGETS', saved.targets],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const outcome = await runScaleOut({
      work: tempDir(),
      bigBytes: new Uint8Array(),
      seconds: 1,
      rounds: 1,
      log: () => undefined,
    });
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining('nginx not found') });
    reportScaleOut(outcome);
    const row = JSON.parse(readFileSync(targets, 'utf8').trim()) as Record<string, unknown>;
    expect(row).toMatchObject({
      measure: 'package document req/s, two processes behind a proxy vs one',
      pass: false,
    });
    expect(row.measured).toContain('nginx not found (apt-get install nginx-light');
  });
});

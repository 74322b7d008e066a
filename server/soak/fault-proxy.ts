// A fault switch in front of one vendor double (docs/operator.md, "Soak"): passes requests through
// to the double, or, for a window, hangs (accepts and never answers) or answers garbage (200 with
// bytes that are not the vendor's JSON). The double itself stays as the tests use it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FaultMode = 'pass' | 'hang' | 'garbage';

export interface FaultProxy {
  origin: string;
  mode: FaultMode;
  /** Requests seen in each mode. */
  seen: Record<FaultMode, number>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const proxy: FaultProxy = {
    origin: '',
    mode: 'pass',
    seen: { pass: 0, hang: 0, garbage: 0 },
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const mode = proxy.mode;
    proxy.seen[mode] += 1;
    if (mode === 'hang') return; // the socket stays open until the caller gives up
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": [garbage \u0000\u0001 <html>');
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

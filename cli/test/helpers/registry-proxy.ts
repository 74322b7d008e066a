// A proxy in front of a test registry: forwards each request, and lets a test see it (`onRequest`)
// or alter the answer before the CLI reads it (`tamper`: headers and body, one thing at a time).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Tamper = (
  req: IncomingMessage,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
) => { headers: Record<string, string>; body: Buffer };

/** Headers the proxy sets itself (the body is sent whole, decoded). */
const HOP_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'];

export interface RegistryProxy {
  url: string;
  close(): Promise<void>;
}

export async function startRegistryProxy(
  upstreamUrl: string,
  hooks: { onRequest?: (req: IncomingMessage) => void; tamper?: () => Tamper | undefined } = {},
): Promise<RegistryProxy> {
  const proxy: Server = createServer((req, res) => {
    void (async () => {
      hooks.onRequest?.(req);
      const upstream = await fetch(`${upstreamUrl}${req.url}`, {
        method: req.method,
        headers: { accept: req.headers.accept ?? '*/*', 'content-type': req.headers['content-type'] ?? '' },
      });
      let headers: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!HOP_HEADERS.includes(k)) headers[k] = v;
      });
      let body: Buffer = Buffer.from(await upstream.arrayBuffer());
      const tamper = hooks.tamper?.();
      if (tamper) ({ headers, body } = tamper(req, upstream.status, headers, body));
      res.writeHead(upstream.status, { ...headers, 'content-length': String(body.length) });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

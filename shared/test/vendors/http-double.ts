// A local HTTP server on 127.0.0.1 for vendor doubles: counts connections and requests, and
// closes with its keep-alive sockets.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpDouble {
  origin: string;
  port: number;
  /** TCP connections accepted (the guard tests assert it stays 0). */
  connections: number;
  requests: number;
  close: () => Promise<void>;
}

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => unknown;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startHttpDouble(handler: Handler): Promise<HttpDouble> {
  const double: HttpDouble = {
    origin: '',
    port: 0,
    connections: 0,
    requests: 0,
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    double.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, Buffer.concat(chunks).toString('utf8'), res)).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  server.on('connection', () => {
    double.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  double.port = port;
  double.origin = `http://127.0.0.1:${port}`;
  double.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return double;
}

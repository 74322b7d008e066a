// A local HTTP server on 127.0.0.1 for vendor doubles: counts connections and requests, and
// closes with its keep-alive sockets; and the failures a double serves on demand (`failNext`).
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

/** An answer a double serves instead of its normal one (a failure on demand). */
export interface QueuedAnswer {
  /** Only requests whose path matches (default: any). */
  match?: RegExp;
  status: number;
  body?: unknown;
  /** A non-JSON body (an HTML error page), sent as text/html. */
  raw?: string;
  headers?: Record<string, string>;
}

/** Takes out of the queue the first answer whose `match` fits `path` (one without `match` fits any). */
export function takeQueued<Q extends { match?: RegExp | undefined }>(
  queue: Q[],
  path: string,
): Q | undefined {
  const index = queue.findIndex((q) => !q.match || q.match.test(path));
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

/** Sends a queued answer: `raw` as text/html, else `body` (default `{}`) as JSON of `jsonType`. */
export function sendQueued(
  res: ServerResponse,
  answer: Omit<QueuedAnswer, 'match'>,
  jsonType = 'application/json',
): void {
  if (answer.raw !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'text/html', ...answer.headers });
    res.end(answer.raw);
    return;
  }
  res.writeHead(answer.status, { 'content-type': jsonType, ...answer.headers });
  res.end(JSON.stringify(answer.body ?? {}));
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

// Double of raw.githubusercontent.com: `GET /{owner}/{repo}/{ref}/{path}` answers the file's
// bytes, text as `text/plain; charset=utf-8` with an `ETag` and `Cache-Control: max-age=300`; a
// missing file, ref or repository is 404 with the plain-text body `404: Not Found`
// (observed behaviour: GitHub documents the URL form only in
// passing, e.g. the `download_url` of https://docs.github.com/rest/repos/contents#get-repository-content).
// It records every Authorization header that reaches it, across the double's whole life (never
// reset), so that a test file can prove none ever did. Switches: a queued answer (429), and a
// redirect to another host. Values are illustrative.
import type { ServerResponse } from 'node:http';
import { startHttpDouble, type HttpDouble } from './http-double.js';

const MiB = 1024 * 1024;
export const RAW_TEXT = 'Hello from the raw host: ünïcödé ✓\nsecond line\n';
/** A binary file: PNG-like bytes with NUL bytes. */
export const RAW_BINARY = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
]);
export const RAW_PATHS = {
  text: '/octo-org/demo/main/README.md',
  binary: '/octo-org/demo/main/assets/logo.png',
  /** 2 MiB, sent with a Content-Length. */
  twoMiB: '/octo-org/demo/main/data/two-mib.txt',
  /** 6 MiB, streamed without a Content-Length (the cap must stop the read itself). */
  sixMiB: '/octo-org/demo/main/data/six-mib.txt',
  /** The provider's health probe. */
  health: '/octocat/Hello-World/master/README',
} as const;

export interface RawCall {
  path: string;
  authorization: string | undefined;
}

export interface RawQueuedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface GithubRawDouble extends HttpDouble {
  calls: RawCall[];
  /** Every Authorization header ever received (never reset). */
  authorizations: string[];
  failNext: RawQueuedAnswer[];
  /** The next request is answered 302 to this location. */
  redirectNext: string | undefined;
  reset: () => void;
}

function sendBytes(res: ServerResponse, bytes: Buffer, contentType: string, etag: string) {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(bytes.length),
    etag,
    'cache-control': 'max-age=300',
  });
  res.end(bytes);
}

/** Streams `size` bytes of text in 64 KiB chunks, chunked (no Content-Length). */
function streamText(res: ServerResponse, size: number) {
  res.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    etag: '"six"',
    'cache-control': 'max-age=300',
  });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}

export async function startGithubRawServer(): Promise<GithubRawDouble> {
  const ref: { self?: GithubRawDouble } = {};
  const http = await startHttpDouble((req, _body, res) => {
    const double = ref.self as GithubRawDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    const authorization = req.headers.authorization;
    double.calls.push({ path, authorization });
    if (authorization !== undefined) double.authorizations.push(authorization);
    if (double.redirectNext) {
      const location = double.redirectNext;
      double.redirectNext = undefined;
      res.writeHead(302, { location });
      return res.end();
    }
    const queued = double.failNext.shift();
    if (queued) {
      res.writeHead(queued.status, { 'content-type': 'text/plain; charset=utf-8', ...queued.headers });
      return res.end(queued.body ?? '');
    }
    if (path === RAW_PATHS.text)
      return sendBytes(res, Buffer.from(RAW_TEXT, 'utf8'), 'text/plain; charset=utf-8', '"text-etag-1"');
    // Binary files are served as application/octet-stream (or their image type).
    if (path === RAW_PATHS.binary) return sendBytes(res, RAW_BINARY, 'image/png', '"binary-etag-1"');
    if (path === RAW_PATHS.twoMiB)
      return sendBytes(res, Buffer.alloc(2 * MiB, 0x62), 'text/plain; charset=utf-8', '"two"');
    if (path === RAW_PATHS.sixMiB) return streamText(res, 6 * MiB);
    if (path === RAW_PATHS.health)
      return sendBytes(res, Buffer.from('Hello World!\n'), 'text/plain; charset=utf-8', '"hw"');
    // 404 with the plain-text body `404: Not Found`.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('404: Not Found');
  });
  const self: GithubRawDouble = Object.assign(http, {
    calls: [] as RawCall[],
    authorizations: [] as string[],
    failNext: [] as RawQueuedAnswer[],
    redirectNext: undefined as string | undefined,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.redirectNext = undefined;
    },
  });
  ref.self = self;
  return self;
}

// The local proxy of the scale-out row (docs/performance.md, "Scale-out"): Debian's nginx
// (`apt-get install nginx-light`), one worker process, on loopback, with its own configuration,
// pid file and temporary directories in the bench's working directory (nothing of /etc/nginx).
// Each named site is a port of its own proxying to its upstream servers in turn (round robin)
// over kept-alive connections, and names the server that answered in `X-Upstream`.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, stopChild, waitReady } from './processes.js';

export interface NginxProxy {
  /** http://127.0.0.1:<port> of each site. */
  urls: Record<string, string>;
  /** The master process; its worker is its child (cpu.ts counts both). */
  pid: number;
  /** What nginx wrote (warnings and errors: an upstream that failed), its last 4,000 characters. */
  log(): string;
  stop(): Promise<void>;
}

/** Where nginx is: PKG_BENCH_NGINX, else `nginx` on PATH or in the sbin folders Debian uses. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (env.PKG_BENCH_NGINX) return executable(env.PKG_BENCH_NGINX) ? env.PKG_BENCH_NGINX : undefined;
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'nginx')).find(executable);
}

/**
 * One worker: nginx's event loop in C costs a few microseconds a request, and on two cores a
 * second worker would only take CPU from the servers. Upstream connections are kept alive
 * (HTTP/1.1, no Connection header) and closed after 4 s idle, before Node's 5 s
 * keepAliveTimeout closes them, so that nginx never reuses a connection the server is closing.
 * Answers are buffered in memory (a package document fits), never in a temporary file.
 */
export function nginxConfig(
  dir: string,
  sites: Record<string, { port: number; upstreams: number[] }>,
): string {
  const temp = (name: string) => JSON.stringify(path.join(dir, name));
  const blocks = Object.entries(sites).flatMap(([name, site]) => [
    `  upstream ${name} {`,
    ...site.upstreams.map((port) => `    server 127.0.0.1:${port};`),
    '    keepalive 64;',
    '    keepalive_timeout 4s;',
    '    keepalive_requests 1000000000;',
    '  }',
    '  server {',
    `    listen 127.0.0.1:${site.port};`,
    '    location / {',
    `      proxy_pass http://${name};`,
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '      add_header X-Upstream $upstream_addr always;',
    '    }',
    '  }',
  ]);
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    // nginx closes a client's kept-alive connection after 1,000 requests by default; a load
    // generator that has sent its next request by then counts a failure. The bench's clients
    // keep their connections for the whole run, as the servers measured directly let them.
    '  keepalive_requests 1000000000;',
    `  client_body_temp_path ${temp('client-body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    '  proxy_buffer_size 16k;',
    '  proxy_buffers 64 16k;',
    '  proxy_max_temp_file_size 0;',
    ...blocks,
    '}',
    '',
  ].join('\n');
}

/** Starts nginx on `dir` with one site per entry of `upstreams`; resolves once every site answers. */
export async function startNginx(
  bin: string,
  dir: string,
  upstreams: Record<string, number[]>,
): Promise<NginxProxy> {
  mkdirSync(dir, { recursive: true });
  const sites: Record<string, { port: number; upstreams: number[] }> = {};
  for (const [name, ports] of Object.entries(upstreams))
    sites[name] = { port: await freePort(), upstreams: ports };
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, sites));
  const child = spawn(bin, ['-p', dir, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const urls = Object.fromEntries(
    Object.entries(sites).map(([name, site]) => [name, `http://127.0.0.1:${site.port}`]),
  );
  // SIGQUIT: nginx's graceful stop.
  const stop = () => stopChild(child, 'SIGQUIT');
  try {
    for (const url of Object.values(urls)) await waitReady(`${url}/health`, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, pid: child.pid ?? 0, log: () => stderr, stop };
}

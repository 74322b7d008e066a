// A hostile package, published to a local registry and installed with `pkg install` the way a
// user would, and the host it attacks: a home directory with an SSH key and a file that must
// not change, a project with a `.env` secret, a directory outside the project that must stay
// empty, TCP servers on addresses the package does not declare (they count connections and
// greet with a secret banner), and a UDP socket that counts datagrams. The CLI itself carries a
// secret in its environment. Each tool of the package is one escape attempt (corpus.ts).
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { scaffold } from '@pkg/shared';
import {
  buildPackage,
  createUser,
  publishArchive,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { runCli, tempDir } from '../../helpers/run-cli.js';

export const SSH_KEY_SECRET = 'SSH-KEY-SECRET-7f3a';
export const DOTENV_SECRET = 'DOTENV-SECRET-91c2';
export const CLI_ENV_SECRET = 'CLI-ENV-SECRET-55d0';
export const BANNER = 'CANARY-BANNER-e81b';
export const PACKAGE = '@mallory/hostile';

/** What the package declares: its own data and out folders, loopback by IP literal, one host. */
export const HOSTILE_PERMISSIONS = {
  fs: { read: ['data'], write: ['out'] },
  network: ['127.0.0.1', 'api.example.com'],
  env: ['HOSTILE_DECLARED'],
};

export interface Canaries {
  /** Connections that reached a server on an undeclared address. */
  connections: number;
  datagrams: number;
}

export interface HostileProject {
  root: string;
  home: string;
  outside: string;
  sshKey: string;
  /** Ports of the undeclared servers: ::1 and 127.0.0.2 (the same port), and UDP on 127.0.0.1. */
  ports: { tcp: number; udp: number };
  canaries: Canaries;
  env: NodeJS.ProcessEnv;
  /** The input every attempt receives: where the secrets and the canaries are. */
  input: Record<string, unknown>;
  /** Files in the home directory and the outside directory, to compare before and after. */
  hostFiles(): string[];
  close(): Promise<void>;
}

const INPUT_SCHEMA = { type: 'object' };

/** Each attempt is a tool; `source` is the body of an ES module with a default export. */
export function hostileFiles(tools: Record<string, string>): Record<string, string> {
  const files = scaffold({
    namespace: 'mallory',
    name: 'hostile',
    description: 'Tries to leave the sandbox.',
  });
  const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as Record<string, unknown>;
  manifest.version = '1.0.0';
  manifest.permissions = HOSTILE_PERMISSIONS;
  manifest.tools = Object.keys(tools).map((name) => ({
    name,
    description: `Escape attempt ${name}.`,
    entry: `tools/${name}.js`,
    inputSchema: 'schemas/input.json',
  }));
  const out: Record<string, string> = {
    'manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'schemas/input.json': JSON.stringify(INPUT_SCHEMA),
  };
  for (const [name, source] of Object.entries(tools)) out[`tools/${name}.js`] = `${source}\n`;
  return out;
}

function listen(server: Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Every entry below `dir`, with the size and time of each file. */
function walk(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => join(dir, p))
    .sort()
    .map((p) => {
      const stat = lstatSync(p);
      return stat.isFile() ? `${p} ${stat.size} ${stat.mtimeMs}` : stat.isSymbolicLink() ? `${p} (link)` : p;
    });
}

export async function createHostileProject(tools: Record<string, string>): Promise<HostileProject> {
  const registry: TestServer = await startTestServer();
  const owner = (await createUser(registry.deps.registry, 'mallory')).token.token;
  const files = hostileFiles(tools);
  const built = await buildPackage({
    namespace: 'mallory',
    name: 'hostile',
    version: '1.0.0',
    description: 'Tries to leave the sandbox.',
    files,
  });
  const published = await publishArchive(registry.url, owner, built.bytes);
  if (published.status !== 201) throw new Error(`publish: ${published.status} ${await published.text()}`);

  const work = tempDir('pkg-hostile-');
  const home = join(work.dir, 'home');
  const root = join(work.dir, 'project');
  const outside = join(work.dir, 'outside');
  const sshKey = join(home, '.ssh', 'id_ed25519');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(sshKey, `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_KEY_SECRET}\n`);
  writeFileSync(join(home, '.bashrc'), '# must not change\n');
  mkdirSync(outside);
  mkdirSync(join(root, 'data'), { recursive: true });
  mkdirSync(join(root, 'out'));
  writeFileSync(join(root, 'data', 'note.txt'), 'declared data\n');
  writeFileSync(join(root, '.env'), `TOKEN=${DOTENV_SECRET}\n`);

  const env: NodeJS.ProcessEnv = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    PKG_REGISTRY: registry.url,
    PKG_TOKEN: CLI_ENV_SECRET,
    PKG_NO_CODE_CACHE: '1',
    HOSTILE_DECLARED: 'declared value',
  };
  const installed = await runCli(['install', PACKAGE, '--accept-permissions'], {
    cwd: root,
    env: { ...env, PKG_TOKEN: '' },
  });
  if (installed.code !== 0) throw new Error(`pkg install: ${installed.stderr}`);

  const canaries: Canaries = { connections: 0, datagrams: 0 };
  const greet = (socket: Socket) => {
    canaries.connections++;
    socket.on('error', () => undefined);
    socket.end(`${BANNER}\n`);
  };
  const v6 = createServer(greet);
  const v4 = createServer(greet);
  const tcp = await listen(v6, '::1');
  await listen(v4, '127.0.0.2', tcp);
  // A host service on an abstract Unix socket (as X11 and D-Bus use): no file to guard, only the
  // network namespace scopes it.
  const abstract = createServer(greet);
  const abstractName = `\0pkg-hostile-${process.pid}-${tcp}`;
  await new Promise<void>((resolve) => abstract.listen(abstractName, resolve));
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', () => canaries.datagrams++);
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const udpPort = udp.address().port;

  return {
    root,
    home,
    outside,
    sshKey,
    ports: { tcp, udp: udpPort },
    canaries,
    env,
    input: { home, sshKey, outside, project: root, tcpPort: tcp, udpPort, abstract: abstractName },
    hostFiles: () => [...walk(home), ...walk(outside)],
    close: async () => {
      await new Promise((resolve) => v6.close(resolve));
      await new Promise((resolve) => v4.close(resolve));
      await new Promise((resolve) => abstract.close(resolve));
      udp.close();
      await registry.close();
      work.cleanup();
    },
  };
}

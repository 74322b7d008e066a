// A temporary project with one installed package, @acme/probe, written straight to
// <tmp>/project/.pkg/packages/@acme/probe/ (what `pkg install` leaves behind). Its tools probe
// the sandbox: each one tries one thing (read, write, env, fetch, connect, spawn, loop, allocate).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Manifest, scaffold } from '@pkg/shared';
import { type CliRun, runCli, tempDir } from '../helpers/run-cli.js';

export const PROBE_PERMISSIONS: Manifest['permissions'] = {
  fs: { read: ['data'], write: ['out'] },
  network: ['127.0.0.1', '*.example.com'],
  env: ['PROBE_DECLARED'],
};

const ANY_OBJECT = { type: 'object' };
const VALUE_SCHEMA = {
  type: 'object',
  properties: { value: { type: 'string' } },
  required: ['value'],
  additionalProperties: false,
};

/** Tool name → [source, output schema?]. Every tool takes an object as input. */
export const PROBE_TOOLS: Record<string, [string, object?]> = {
  echo: ['export default async (input) => ({ value: input.value });', VALUE_SCHEMA],
  'bad-output': ['export default async () => ({ value: 42 });', VALUE_SCHEMA],
  noisy: [
    "export default async () => { console.log('noise on stdout'); console.error('noise on stderr'); return { value: 'quiet' }; };",
    VALUE_SCHEMA,
  ],
  'read-file': [
    "import { readFileSync } from 'node:fs';\nexport default async (input) => ({ text: readFileSync(input.path, 'utf8') });",
  ],
  'write-file': [
    "import { writeFileSync } from 'node:fs';\nexport default async (input) => { writeFileSync(input.path, input.text); return { written: input.path }; };",
  ],
  env: [
    'export default async (input, context) => ({ process: process.env[input.name] ?? null, keys: Object.keys(process.env), value: context.env[input.name] ?? null });',
  ],
  fetch: [
    'export default async (input, context) => { const f = input.global ? fetch : context.fetch; const r = await f(input.url); return { status: r.status, body: await r.text() }; };',
  ],
  connect: [
    [
      "import net from 'node:net';",
      'export default (input) => new Promise((resolve, reject) => {',
      '  const socket = net.connect({ host: input.host, port: input.port }, () => { socket.end(); resolve({ connected: true }); });',
      "  socket.on('error', reject);",
      '});',
    ].join('\n'),
  ],
  'net-probes': [
    [
      "import { connect } from 'node:net';",
      "import http from 'node:http';",
      "import dns from 'node:dns/promises';",
      'const t = async (f) => { try { return await f(); } catch (e) { return e.code; } };',
      'export default async (input, context) => ({',
      "  esmNamedImport: await t(() => new Promise((ok, ko) => connect(input.port, 'localhost', ok).on('error', ko))),",
      "  httpGet: await t(() => new Promise((ok, ko) => http.get(`http://localhost:${input.port}/`, ok).on('error', ko))),",
      "  dnsLookup: await t(() => dns.lookup('exfiltrate.example.org')),",
      '  redirect: await t(() => context.fetch(`http://127.0.0.1:${input.port}/redirect`)),',
      '  listen: await t(() => new Promise((ok) => http.createServer().listen(0, ok))),',
      '});',
    ].join('\n'),
  ],
  tls: [
    [
      "import https from 'node:https';",
      "import tls from 'node:tls';",
      'export default async ({ port, ca }) => {',
      "  const viaHttps = await new Promise((ok, ko) => https.get({ host: '127.0.0.1', port, path: '/https', ca }, (r) => { let d = ''; r.on('data', (c) => (d += c)); r.on('end', () => ok(d)); }).on('error', ko));",
      "  const viaTls = await new Promise((ok, ko) => { const s = tls.connect({ host: '127.0.0.1', port, ca }, () => s.write('GET /tls HTTP/1.0\\r\\n\\r\\n')); let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => ok(d.split('\\r\\n\\r\\n')[1])); s.on('error', ko); });",
      '  return { viaHttps, viaTls };',
      '};',
    ].join('\n'),
  ],
  spawn: [
    "import { execFileSync } from 'node:child_process';\nexport default async () => ({ out: execFileSync('/bin/echo', ['hi'], { encoding: 'utf8' }) });",
  ],
  signal: ['export default async () => { process.kill(process.ppid, 0); return {}; };'],
  loop: ['export default async () => { for (;;) {} };'],
  hog: [
    'export default async () => { const keep = []; for (;;) keep.push(new Array(1e5).fill({ x: Math.random() })); };',
  ],
};

export interface ProbeProject {
  root: string;
  packageDir: string;
  cleanup: () => void;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Writes the project (pkg.json, data/, the installed package) and returns its paths. */
export function createProbeProject(tools = PROBE_TOOLS): ProbeProject {
  const { dir, cleanup } = tempDir('pkg-cli-run-');
  const root = join(dir, 'project');
  const packageDir = join(root, '.pkg', 'packages', '@acme', 'probe');
  const files = scaffold({ namespace: 'acme', name: 'probe', description: 'Probes the sandbox.' });
  const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as Manifest;
  manifest.permissions = PROBE_PERMISSIONS;
  manifest.tools = Object.entries(tools).map(([name, [, output]]) => ({
    name,
    description: `The ${name} probe.`,
    entry: `tools/${name}.js`,
    inputSchema: 'schemas/input.json',
    ...(output ? { outputSchema: `schemas/${name}.output.json` } : {}),
  }));
  write(join(packageDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  write(join(packageDir, 'SKILL.md'), files.get('SKILL.md') ?? '');
  write(join(packageDir, 'schemas', 'input.json'), JSON.stringify(ANY_OBJECT));
  for (const [name, [source, output]] of Object.entries(tools)) {
    write(join(packageDir, 'tools', `${name}.js`), `${source}\n`);
    if (output) write(join(packageDir, 'schemas', `${name}.output.json`), JSON.stringify(output));
  }
  // The grant `pkg install --accept-permissions` records: pkg run refuses ungranted permissions.
  write(
    join(root, 'pkg.json'),
    `${JSON.stringify({ packages: { [`@${manifest.namespace}/${manifest.name}`]: { range: `^${manifest.version}`, permissions: PROBE_PERMISSIONS } } }, null, 2)}\n`,
  );
  write(join(root, 'data', 'note.txt'), 'declared data\n');
  mkdirSync(join(root, 'out'));
  return { root, packageDir, cleanup };
}

/** Both walls: the OS boundary (the default) and the weaker one a user may choose. */
export const BOUNDARIES = ['os', 'node'] as const;
export type BoundaryName = (typeof BOUNDARIES)[number];

/** The warning `pkg run --sandbox=node` prints first on stderr, on every run. */
export const NODE_WARNING =
  "pkg: warning: the OS sandbox is off (--sandbox=node): the tool runs behind Node's permission model and pkg's guards only, a weaker boundary (docs/sandbox.md).\n";

/**
 * `pkg run <args>` under `sandbox`. Under the node boundary the warning must come first on
 * stderr; it is taken off, so that both boundaries can be held to the same messages.
 */
export async function runUnder(
  sandbox: BoundaryName,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CliRun> {
  const result = await runCli(['run', ...args, '--sandbox', sandbox], options);
  if (sandbox === 'os') return result;
  if (!result.stderr.startsWith(NODE_WARNING)) {
    throw new Error(`pkg run --sandbox=node did not warn first on stderr:\n${result.stderr}`);
  }
  return { ...result, stderr: result.stderr.slice(NODE_WARNING.length) };
}

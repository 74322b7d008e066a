import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { startTestServer } from '../helpers/start-test-server.js';
import { createUser } from '../../src/services/user-service.js';

test('smoke', async () => {
  const s = await startTestServer();
  const { token } = await createUser(s.deps, 'alice');
  const dir = mkdtempSync(path.join(tmpdir(), 'smoke-'));
  execFileSync('node', ['/work/main/cli/dist/pkg.js', 'init', 'demo', '--namespace', 'alice'], { cwd: dir });
  execFileSync('node', ['/work/main/cli/dist/pkg.js', 'pack', 'demo'], { cwd: dir });
  const file = readdirSync(dir).find((f) => f.endsWith('.tar.gz'))!;
  const bytes = readFileSync(path.join(dir, file));
  const res = await fetch(`${s.url}/publish`, { method: 'POST', headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/gzip' }, body: bytes });
  console.log(res.status, await res.text());
  for (const p of ['/packages/alice/demo', '/packages/alice/demo/versions', '/packages/alice/demo/0.1.0', '/packages/alice/demo/0.1.0/provenance', '/namespaces/alice', '/packages/search?q=DEM', '/auth/whoami']) {
    const r = await fetch(`${s.url}${p}`, { headers: { authorization: `Bearer ${token.token}` } });
    console.log(p, r.status, (await r.text()).slice(0, 400));
  }
  const d = await fetch(`${s.url}/packages/alice/demo/0.1.0/download`);
  console.log([...d.headers], (await d.arrayBuffer()).byteLength, bytes.length);
  const again = await fetch(`${s.url}/publish`, { method: 'POST', headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/gzip' }, body: bytes });
  console.log(again.status, await again.text());
  expect(res.status).toBe(201);
  await s.close();
});

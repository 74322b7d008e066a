// `npm start`'s memory settings (docs/operator.md, "Memory"): the root's and the server's start
// scripts run node with the same options, and a server started with them reports the capped young
// generation on /metrics.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { spawnServer } from '../helpers/spawn-server.js';

const root = path.resolve(import.meta.dirname, '../../..');
const startScript = (manifest: string) =>
  (JSON.parse(readFileSync(path.join(root, manifest), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
/** The options between `node` and the script's path. */
const nodeOptions = (script: string) =>
  /\bnode((?:\s+--\S+)*)\s+\S*dist\/main\.js$/.exec(script)?.[1]?.trim();

const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  test("the root's and the server's start scripts run node with the same options", () => {
    const server = nodeOptions(startScript('server/package.json'));
    expect(server).toContain('--max-semi-space-size=4');
    expect(nodeOptions(startScript('package.json'))).toBe(server);
  });

  test('a server run with those options has a young generation of 8 MiB at most', async () => {
    const options = nodeOptions(startScript('server/package.json'))?.split(/\s+/) ?? [];
    const server = await spawnServer({ PKG_DATA_DIR: dataDir }, { nodeArgs: options });
    try {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      const young = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(metrics)?.[1];
      expect(Number(young)).toBeGreaterThan(0);
      expect(Number(young)).toBeLessThanOrEqual(8 * 1024 * 1024);
    } finally {
      await server.stop();
    }
  });
});

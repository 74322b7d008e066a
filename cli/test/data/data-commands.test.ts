// The data commands run as a user runs them (the built CLI) against the vendor doubles:
// `--json` prints the envelope, the default is readable, exit codes are 0 live or cached,
// 3 unavailable, 1 provider error, 2 invalid input. No key is ever printed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  HEAD,
  KEYS,
  ROUTER,
  startDoubles,
  TOKEN,
  TX,
  UNKNOWN_TX,
  WALLET,
  type Doubles,
} from '@pkg/shared/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let d: Doubles;
const { dir, cleanup } = tempDir('pkg-cli-data-');
const isolated = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), PKG_ENV_FILE: '' };
beforeAll(async () => {
  d = await startDoubles();
});
afterAll(async () => {
  await d.close();
  cleanup();
});

const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(args, { cwd: dir, env: { ...isolated, ...d.env, ...env } });
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('data commands', () => {
  test('chain info --json prints the LIVE envelope; readable by default', async () => {
    const r = await run(['chain', 'info', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      status: 'LIVE',
      data: { chainId: 4663, headBlock: HEAD.toString() },
      provenance: { source: 'alchemy' },
    });
    const text = await run(['chain', 'info']);
    expect(text.stdout).toMatch(/^LIVE from alchemy, fetched /);
    expect(text.stdout).toContain('chainId: 4663');
  });

  test('block latest, tx inspect, wallet inspect, token inspect, contract inspect, logs query', async () => {
    expect(json((await run(['block', 'latest', '--json'])).stdout)).toMatchObject({
      status: 'LIVE',
      data: { number: HEAD.toString() },
    });
    const tx = await run(['tx', 'inspect', TX, '--json']);
    expect(tx.code).toBe(0);
    expect(Object.keys(json(tx.stdout).sections as object)).toEqual([
      'transaction',
      'receipt',
      'trace',
      'explorer',
    ]);
    const wallet = await run(['wallet', 'inspect', WALLET]);
    expect(wallet.code).toBe(0);
    expect(wallet.stdout).toContain('[balance]');
    expect(json((await run(['token', 'inspect', TOKEN, '--json'])).stdout)).toMatchObject({
      status: 'LIVE',
      sections: { metadata: { data: { symbol: 'USDG' } } },
    });
    expect(json((await run(['contract', 'inspect', ROUTER, '--json'])).stdout)).toMatchObject({
      sections: { source: { status: 'LIVE' } },
    });
    const logs = await run([
      'logs',
      'query',
      '--address',
      TOKEN,
      '--from-block',
      '100',
      '--to-block',
      '102',
      '--json',
    ]);
    expect(json(logs.stdout)).toMatchObject({ status: 'LIVE', data: { count: 3 } });
  });

  test('exit codes: 3 unavailable, 1 provider error, 2 invalid input, 1 not found', async () => {
    const off = {
      ALCHEMY_API_KEY: '',
      ALCHEMY_RPC_URL: '',
      QUICKNODE_RPC_URL: '',
      EDGE_RPC_KEY: '',
      PUBLIC_RPC_URL: 'off',
    };
    expect((await run(['chain', 'info'], off)).code).toBe(3);
    expect(
      (await run(['logs', 'query', '--address', '0x12', '--from-block', '1', '--to-block', '2'])).code,
    ).toBe(2);
    expect((await run(['tx', 'inspect', UNKNOWN_TX, '--json'])).code).toBe(1);
    d.alchemy.failAll =
      d.quicknode.failAll =
      d.edge.failAll =
      d.publicRpc.failAll =
        { status: 503, body: null, raw: 'down' };
    const failed = await run(['chain', 'info', '--fresh']);
    d.reset();
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('ERROR ALL_PROVIDERS_FAILED');
  });

  test('providers and provider list: health checks with endpoint templates, no key printed', async () => {
    for (const args of [['providers'], ['provider', 'list', '--json']]) {
      const r = await run(args, { ALCHEMY_API_KEY: 'wrongKey_0123456789abc' });
      expect(r.code).toBe(0);
      for (const key of [...Object.values(KEYS), 'wrongKey_0123456789abc'])
        expect(r.stdout + r.stderr).not.toContain(key);
      expect(r.stdout).toContain('{key}');
    }
  });

  test('setup init writes the user-level .env with every variable empty, mode 0600, never overwriting', async () => {
    const r = await run(['setup', 'init']);
    expect(r.code).toBe(0);
    const path = join(dir, 'config', 'pkg', '.env');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('\nALCHEMY_API_KEY=\n');
    expect(text).toContain('\nPKG_NET_ALLOW_PRIVATE=\n');
    expect(
      text
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .every((l) => l.endsWith('=')),
    ).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await run(['setup', 'init'])).code).toBe(2);
  });
});

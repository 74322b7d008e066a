// `pkg verify` (the signature and log part of the audit), `pkg trust show` and `pkg trust accept`
// against a registry double that signs and logs with the shared trust primitives and answers
// trust.keys, log.checkpoint, log.inclusion, log.consistency and packages.version over tRPC
// (test/helpers/trust-registry.ts). docs/trust.md, "What the CLI checks".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateSigningKey } from '@pkg/shared';
import { writeInstalledProject } from '../helpers/installed-project.js';
import { tempDir } from '../helpers/run-cli.js';
import {
  fakeTrustRegistry,
  listedKey,
  serveTrustRegistry,
  type FakeRegistry,
} from '../helpers/trust-registry.js';

const holder: { current: FakeRegistry } = { current: fakeTrustRegistry() };
let served: Awaited<ReturnType<typeof serveTrustRegistry>>;
beforeAll(async () => {
  served = await serveTrustRegistry(holder);
});
afterAll(() => served.close());

/** A fresh machine (its own trust state) and a project installed from the double. */
async function setup(lock: { logIndex?: number; integrity?: string } = {}) {
  holder.current = fakeTrustRegistry();
  await holder.current.registry.append('pkg-log/v1 yank\npackage @acme/other\nversion 0.1.0\n');
  const record = await holder.current.registry.publish('@acme/clock', '1.0.0');
  const home = tempDir('pkg-trust-home-');
  const env = {
    HOME: home.dir,
    XDG_CONFIG_HOME: path.join(home.dir, '.config'),
    PKG_TOKEN: '',
    PKG_REGISTRY: served.url,
  };
  const project = writeInstalledProject({
    env,
    registry: served.url,
    integrity: lock.integrity ?? record.integrity,
    logIndex: lock.logIndex ?? 1,
  });
  const stateFile = path.join(home.dir, '.config/pkg/trust', `127.0.0.1_${new URL(served.url).port}.json`);
  const cleanup = () => {
    project.work.cleanup();
    home.cleanup();
  };
  return { record, project, stateFile, cleanup, cli: project.cli };
}

describe('pkg verify: signatures and the log', () => {
  test('verifies the signature and the inclusion, pinning the keys on first use', async () => {
    const s = await setup();
    const verify = await s.cli('verify');
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toBe(
      'audited 1 package\n1 package has verified files\n1 package has verified registry signatures and log inclusion\n',
    );
    const state = JSON.parse(readFileSync(s.stateFile, 'utf8')) as {
      keys: { keyid: string; how: string }[];
      checkpoint: { size: number };
    };
    expect(state.keys).toMatchObject([{ keyid: holder.current.registry.key.keyid, how: 'first use' }]);
    expect(state.checkpoint.size).toBe(2);

    const json = await s.cli('--json', 'verify');
    expect(JSON.parse(json.stdout)).toMatchObject({
      packages: [
        {
          name: '@acme/clock',
          trust: { status: 'verified', logIndex: 1, signedBy: holder.current.registry.key.keyid },
        },
      ],
      problems: [],
    });
    s.cleanup();
  });

  test('a record changed after it was signed fails, naming the signature', async () => {
    const s = await setup();
    holder.current.registry.records.set('@acme/clock@1.0.0', { ...s.record, publishedBy: 'mallory' });
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('0 packages have verified registry signatures and log inclusion');
    expect(verify.stderr).toContain(
      `  - @acme/clock: the signature of @acme/clock@1.0.0 by ${holder.current.registry.key.keyid} does not verify: the record is not the one the registry signed (registry ${served.url}). [SIGNATURE_INVALID]`,
    );
    s.cleanup();
  });

  test('the lock pins another log entry, or other bytes, than the registry proves', async () => {
    const s = await setup({ logIndex: 0, integrity: `sha256-${'cd'.repeat(32)}` });
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stderr).toContain(
      `  - @acme/clock: the registry now records ${s.record.integrity}, pkg-lock.json pins sha256-${'cd'.repeat(32)} [INTEGRITY_MISMATCH]`,
    );
    s.cleanup();
    const t = await setup({ logIndex: 0 });
    const again = await t.cli('verify');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      '  - @acme/clock: pkg-lock.json records log entry 0, the registry proves entry 1 [LOG_INCLUSION_FAILED]',
    );
    t.cleanup();
  });

  test('a registry that shows another history than the one seen before: the log forked', async () => {
    const s = await setup();
    expect((await s.cli('verify')).code).toBe(0);
    const key = holder.current.registry.key;
    holder.current = fakeTrustRegistry();
    holder.current.registry.key = key;
    holder.current.registry.keys = [listedKey(key, holder.current.registry.origin, null)];
    await holder.current.registry.append('pkg-log/v1 yank\npackage @acme/evil\nversion 0.1.0\n');
    await holder.current.registry.append('pkg-log/v1 yank\npackage @acme/evil\nversion 0.2.0\n');
    await holder.current.registry.publish('@acme/clock', '1.0.0');
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stderr).toContain(
      "the registry's log forked: no valid consistency proof that the tree of size 3 extends the tree of size 2",
    );
    expect(verify.stderr).toContain('[LOG_FORKED]');
    s.cleanup();
  });
});

describe('pkg trust', () => {
  test('show: nothing pinned, then the keys and the checkpoint', async () => {
    const s = await setup();
    const before = await s.cli('trust', 'show');
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(
      `No key of ${served.url} is pinned yet: the first install from it pins its keys.\n`,
    );
    expect((await s.cli('verify')).code).toBe(0);
    const after = await s.cli('trust', 'show');
    expect(after.stdout).toContain(`registry: ${served.url}\nlog:      127.0.0.1/log\n`);
    expect(after.stdout).toContain(`  ${holder.current.registry.key.keyid}  (first use, `);
    expect(after.stdout).toMatch(/last checkpoint: size 2, root [A-Za-z0-9+/]{43}= \(seen /);
    s.cleanup();
  });

  test('accept: a rotation endorsed by the pinned key is pinned, and verification passes again', async () => {
    const s = await setup();
    expect((await s.cli('verify')).code).toBe(0);
    const { registry } = holder.current;
    const old = registry.key;
    const next = generateSigningKey().key;
    registry.keys = [listedKey(old, registry.origin, null), listedKey(next, registry.origin, old)];
    registry.key = next;
    await registry.append(`pkg-log/v1 key\nkeyid ${next.keyid}\n`);
    const refused = await s.cli('verify');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `the registry rotated to key ${next.keyid}, endorsed by the pinned key ${old.keyid}: pin it with pkg trust accept`,
    );
    const accept = await s.cli('trust', 'accept');
    expect(accept.code, accept.stderr).toBe(0);
    expect(accept.stdout).toBe(`pinned ${next.keyid} for ${served.url}\n`);
    expect((await s.cli('trust', 'accept')).stdout).toBe(`Every key of ${served.url} is pinned already.\n`);
    const verify = await s.cli('verify');
    expect(verify.code, verify.stderr).toBe(0);
    s.cleanup();
  });

  test('accept refuses a key that no pinned key endorses, unless named with --key', async () => {
    const s = await setup();
    expect((await s.cli('verify')).code).toBe(0);
    const stranger = generateSigningKey().key;
    const { registry } = holder.current;
    registry.keys = [...registry.keys, listedKey(stranger, registry.origin, null)];
    const refused = await s.cli('trust', 'accept');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error SIGNATURE_KEY_NOT_PINNED: The registry lists keys that no pinned key endorses: ${stranger.keyid}; nothing was pinned.`,
    );
    const named = await s.cli('trust', 'accept', '--key', stranger.keyid);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toBe(`pinned ${stranger.keyid} for ${served.url}\n`);
    expect(existsSync(s.stateFile)).toBe(true);
    s.cleanup();
  });
});

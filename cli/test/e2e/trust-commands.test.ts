// `pkg verify` (the signature and log part of the audit), `pkg trust show` and `pkg trust accept`
// against the real server (docs/trust.md, "What the CLI checks"): the project is installed by
// `pkg install` on one machine, and checked from another (its own trust state). A changed record
// is changed in the database; a forked log is signed with the registry's key from its data
// directory; a rotation is `pkg-admin keys rotate`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSigningKey, noteKeyId } from '@pkg/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { ORIGIN, startTrustServer } from '../helpers/trust-server.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A server with @acme/clock@1.0.0, a project that installed it, and a fresh machine to check it. */
async function setup(options: { shared?: boolean } = {}) {
  const registry = await startTrustServer(['1.0.0'], options);
  const work = tempDir('pkg-trust-');
  cleanups.push(() => registry.close(), work.cleanup);
  const machine = (name: string) => ({
    HOME: path.join(work.dir, name),
    XDG_CONFIG_HOME: path.join(work.dir, name, '.config'),
    PKG_TOKEN: '',
    PKG_REGISTRY: registry.url,
  });
  const project = path.join(work.dir, 'project');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(project);
  const install = await runCli(['install', '@acme/clock@1.0.0'], { cwd: project, env: machine('installer') });
  expect(install.code, install.stderr).toBe(0);
  const env = machine('checker');
  const cli = (...args: string[]) => runCli(args, { cwd: project, env });
  const stateFile = path.join(
    env.XDG_CONFIG_HOME,
    'pkg/trust',
    `127.0.0.1_${new URL(registry.url).port}.json`,
  );
  const lockFile = path.join(project, 'pkg-lock.json');
  const editLock = (fields: Record<string, unknown>) => {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, object> };
    lock.packages['@acme/clock'] = { ...lock.packages['@acme/clock'], ...fields };
    writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  };
  const record = await registry.record('1.0.0');
  const installed = (file: string) => path.join(project, '.pkg/packages/@acme/clock', file);
  return { registry, cli, stateFile, editLock, installed, record, keyid: record.signatures[0]?.keyid ?? '' };
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
    expect(state.keys).toMatchObject([{ keyid: s.keyid, how: 'first use' }]);
    expect(state.checkpoint.size).toBe(1);

    const json = await s.cli('--json', 'verify');
    expect(JSON.parse(json.stdout)).toMatchObject({
      packages: [{ name: '@acme/clock', trust: { status: 'verified', logIndex: 0, signedBy: s.keyid } }],
      problems: [],
    });
  });

  test('a record changed in the database after it was signed fails, naming the signature', async () => {
    const s = await setup();
    await s.registry.changeRecord('1.0.0', { publishedBy: 'mallory' });
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('0 packages have verified registry signatures and log inclusion');
    expect(verify.stderr).toContain(
      `  - @acme/clock: the signature of @acme/clock@1.0.0 by ${s.keyid} does not verify: the record is not the one the registry signed (registry ${s.registry.url}). [SIGNATURE_INVALID]`,
    );
  });

  test('the lock pins another log entry, or other bytes, than the registry proves', async () => {
    const s = await setup();
    s.editLock({ logIndex: 5 });
    const again = await s.cli('verify');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      '  - @acme/clock: pkg-lock.json records log entry 5, the registry proves entry 0 [LOG_INCLUSION_FAILED]',
    );
    s.editLock({ logIndex: 0, integrity: `sha256-${'cd'.repeat(32)}` });
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stderr).toContain(
      `  - @acme/clock: the registry now records ${s.record.integrity}, pkg-lock.json pins sha256-${'cd'.repeat(32)} [INTEGRITY_MISMATCH]`,
    );
  });

  test('a registry that shows another history than the one seen before: the log forked', async () => {
    const s = await setup();
    expect((await s.cli('verify')).code).toBe(0);
    await s.registry.publish('1.1.0');
    await s.registry.forgeCheckpoint(2);
    const verify = await s.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stderr).toContain(
      "the registry's log forked: no valid consistency proof that the tree of size 2 extends the tree of size 1",
    );
    expect(verify.stderr).toContain('[LOG_FORKED]');
  });
});

describe('pkg verify without an argument: the whole project', () => {
  test('an untouched install passes with a summary; an edited tool file is named, exit 1', async () => {
    const s = await setup();
    const untouched = await s.cli('verify');
    expect(untouched.code, untouched.stderr).toBe(0);
    expect(untouched.stdout).toBe(
      'audited 1 package\n1 package has verified files\n1 package has verified registry signatures and log inclusion\n',
    );
    writeFileSync(s.installed('tools/hello.js'), "export default async () => ({ greeting: 'pwned' });\n");
    const edited = await s.cli('verify');
    expect(edited.code).toBe(1);
    expect(edited.stdout).toBe(
      'audited 1 package\n0 packages have verified files\n1 package has changed files: @acme/clock (tools/hello.js changed)\n1 package has verified registry signatures and log inclusion\n',
    );
    expect(edited.stderr).toContain(
      '  - @acme/clock: changed files: tools/hello.js changed [PACKAGE_MODIFIED]',
    );
  });
});

describe('pkg trust', () => {
  test('show: nothing pinned, then the keys and the checkpoint', async () => {
    const s = await setup();
    const before = await s.cli('trust', 'show');
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(
      `No key of ${s.registry.url} is pinned yet: the first install from it pins its keys.\n`,
    );
    expect((await s.cli('verify')).code).toBe(0);
    const after = await s.cli('trust', 'show');
    expect(after.stdout).toContain(`registry: ${s.registry.url}\nlog:      ${ORIGIN}\n`);
    expect(after.stdout).toContain(`  ${s.keyid}  (first use, `);
    expect(after.stdout).toMatch(/last checkpoint: size 1, root [A-Za-z0-9+/]{43}= \(seen /);
  });

  test('accept: a rotation by pkg-admin keys rotate is pinned, and verification passes again', async () => {
    const s = await setup({ shared: true });
    expect((await s.cli('verify')).code).toBe(0);
    const rotated = await s.registry.rotateKey();
    expect(rotated.retired).toBe(s.keyid);
    const refused = await s.cli('verify');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `the registry rotated to key ${rotated.keyid}, endorsed by the pinned key ${s.keyid}: pin it with pkg trust accept`,
    );
    const accept = await s.cli('trust', 'accept');
    expect(accept.code, accept.stderr).toBe(0);
    expect(accept.stdout).toBe(`pinned ${rotated.keyid} for ${s.registry.url}\n`);
    expect((await s.cli('trust', 'accept')).stdout).toBe(
      `Every key of ${s.registry.url} is pinned already.\n`,
    );
    const verify = await s.cli('verify');
    expect(verify.code, verify.stderr).toBe(0);
    // A version signed by the new key verifies too.
    await s.registry.publish('1.1.0');
    const install = await s.cli('install', '@acme/clock@1.1.0');
    expect(install.code, install.stderr).toBe(0);
    expect((await s.registry.record('1.1.0')).signatures[0]?.keyid).toBe(rotated.keyid);
  });

  test('accept refuses a key that no pinned key endorses, unless named with --key', async () => {
    const s = await setup();
    expect((await s.cli('verify')).code).toBe(0);
    // The operator lists a key that nothing endorses (as a substitution would).
    const stranger = generateSigningKey().key;
    await s.registry.server.deps.registry.models.SigningKey.create({
      keyid: stranger.keyid,
      key: Buffer.from(stranger.publicKey).toString('base64'),
      noteName: ORIGIN,
      noteKeyId: noteKeyId(ORIGIN, stranger.publicKey),
      status: 'retired',
      validFrom: new Date(),
      expires: new Date(),
      endorsedBy: null,
    });
    const refused = await s.cli('trust', 'accept');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error SIGNATURE_KEY_NOT_PINNED: The registry lists keys that no pinned key endorses: ${stranger.keyid}; nothing was pinned.`,
    );
    const named = await s.cli('trust', 'accept', '--key', stranger.keyid);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toBe(`pinned ${stranger.keyid} for ${s.registry.url}\n`);
    expect(existsSync(s.stateFile)).toBe(true);
  });
});

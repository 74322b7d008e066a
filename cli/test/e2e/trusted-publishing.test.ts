// Trusted publishing end to end (docs/publishing.md), the CLI as a process against the real server:
// the owner trusts a GitHub workflow (pkg trust add); a "CI job" (the runner's token request
// endpoint, a local double, handing out ID tokens signed by the server's OIDC issuer double)
// publishes with pkg publish --oidc and no stored token; pkg info and pkg verify show the verified
// build identity; pkg trust require on refuses a classic token; a workflow that is not trusted is
// refused with the registry's reason; pkg trust list and remove.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createUser,
  startOidcIssuer,
  startTestServer,
  trustedPublishingServerOptions,
  type OidcIssuer,
  type TestServer,
} from '@pkg/server/testing';
import { startTokenRequestDouble, type TokenRequestDouble } from '../helpers/github-token-request-double.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const SHA = '0123abc4567def89012345678901234567890abc';
const AUDIENCE = 'pkg-e2e-registry';
const work = tempDir('pkg-oidc-e2e-');
const skill = path.join(work.dir, 'clock');

let issuer: OidcIssuer;
let gitlab: OidcIssuer;
let server: TestServer;
let owner: string;
let stranger: string;
/** The job of .github/workflows/release.yml in the release environment: the trusted one. */
let release: TokenRequestDouble;
/** The job of another workflow of the same repository: not trusted. */
let nightly: TokenRequestDouble;
const issued: string[] = [];

/** The ID tokens a GitHub job of acme/clock running `workflow` gets (signed by the issuer double). */
function githubJob(workflow: string, environment: string) {
  return async (audience: string) => {
    const jwt = await issuer.token({
      repository: 'acme/clock',
      workflow: `.github/workflows/${workflow}`,
      environment,
      sha: SHA,
      ref: 'refs/tags/v1.1.0',
      runId: '4242',
      runAttempt: '1',
      audience,
    });
    issued.push(jwt);
    return jwt;
  };
}

beforeAll(async () => {
  issuer = await startOidcIssuer();
  gitlab = await startOidcIssuer({ platform: 'gitlab' });
  server = await startTestServer(trustedPublishingServerOptions([issuer, gitlab], AUDIENCE));
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  stranger = (await createUser(server.deps.registry, 'mallory')).token.token;
  release = await startTokenRequestDouble(githubJob('release.yml', 'release'));
  nightly = await startTokenRequestDouble(githubJob('nightly.yml', 'release'));
});
afterAll(async () => {
  await Promise.all([release.close(), nightly.close()]);
  await server.close();
  await Promise.all([issuer.close(), gitlab.close()]);
  work.cleanup();
});

/** The environment of a shell outside CI, with `token` as PKG_TOKEN ('' : none). */
const env = (token: string, ci: Record<string, string> = {}) => ({
  HOME: work.dir,
  XDG_CONFIG_HOME: path.join(work.dir, '.config'),
  PKG_REGISTRY: server.url,
  PKG_TOKEN: token,
  GITHUB_ACTIONS: '',
  ACTIONS_ID_TOKEN_REQUEST_URL: '',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: '',
  GITLAB_CI: '',
  PKG_ID_TOKEN: '',
  ...ci,
});
const as = (token: string, ...args: string[]) => runCli(args, { cwd: work.dir, env: env(token) });
/** A job whose workflow sets PKG_OIDC_AUDIENCE as the registry's operator documents it. */
const inJob = (job: TokenRequestDouble, ...args: string[]) =>
  runCli(args, { cwd: work.dir, env: env('', { ...job.env, PKG_OIDC_AUDIENCE: AUDIENCE }) });

function setVersion(version: string): void {
  const file = path.join(skill, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
}

let publisherId = '';

describe('trusted publishing', () => {
  test('the owner publishes 1.0.0 with a classic token and trusts release.yml', async () => {
    expect((await as('', 'init', 'clock', '--namespace', 'acme', '--name', 'clock')).code).toBe(0);
    setVersion('1.0.0');
    // A git work tree, so that the classic publish reports its source (not verified by anyone).
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
        cwd: skill,
        stdio: 'ignore',
      });
    git('init', '-q');
    git('remote', 'add', 'origin', 'https://github.com/acme/clock.git');
    git('add', '.');
    git('commit', '-qm', 'clock');
    const first = await as(owner, 'publish', 'clock');
    expect(first.code, first.stderr).toBe(0);
    const add = await as(
      owner,
      'trust',
      'add',
      '@acme/clock',
      '--github',
      'acme/clock',
      '--workflow',
      'release.yml',
      '--environment',
      'release',
    );
    expect(add.code, add.stderr).toBe(0);
    const id = /^added trusted publisher (tp_[A-Za-z0-9]{16}) to @acme\/clock$/m.exec(add.stdout)?.[1];
    expect(id, add.stdout).toBeDefined();
    publisherId = id ?? '';
    expect(add.stdout).toContain('  repository:  acme/clock');
    expect(add.stdout).toContain('  workflow:    .github/workflows/release.yml');
    expect(add.stdout).toContain('  environment: release');
  });

  test('someone else cannot add a publisher', async () => {
    const run = await as(
      stranger,
      'trust',
      'add',
      '@acme/clock',
      '--github',
      'mallory/clock',
      '--workflow',
      'release.yml',
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/^error (FORBIDDEN|TOKEN_SCOPE)/m);
  });

  test('pkg trust list shows the publisher and the policy', async () => {
    const run = await as('', 'trust', 'list', '@acme/clock');
    expect(run.code, run.stderr).toBe(0);
    const row = run.stdout.split('\n').find((l) => l.startsWith(publisherId)) ?? '';
    expect(row.split(/\s{2,}/).slice(0, 6)).toEqual([
      publisherId,
      'github',
      'acme/clock',
      '.github/workflows/release.yml',
      'release',
      'acme',
    ]);
    expect(run.stdout).toContain('trusted publishing required: no');
    const json = await as('', 'trust', 'list', '@acme/clock', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      package: '@acme/clock',
      requireTrustedPublishing: false,
      publishers: [{ id: publisherId, platform: 'github', repository: 'acme/clock', environment: 'release' }],
    });
  });

  test('pkg publish --oidc from the trusted job publishes 1.1.0 with no stored token', async () => {
    setVersion('1.1.0');
    const before = release.calls.length;
    const run = await inJob(release, 'publish', 'clock', '--oidc');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^published @acme\/clock@1\.1\.0 from acme\/clock@0123abc by \.github\/workflows\/release\.yml \(verified\)$/m,
    );
    expect(release.calls.slice(before)).toEqual([{ audience: AUDIENCE, authorized: true }]);
    for (const jwt of issued) expect(run.stdout + run.stderr).not.toContain(jwt);
  });

  test('a registry that asks for an audience other than its origin gets no ID token', async () => {
    const before = release.calls.length;
    const run = await runCli(['publish', 'clock', '--oidc'], { cwd: work.dir, env: env('', release.env) });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      `asks for ID tokens for the audience ${AUDIENCE}, not ${new URL(server.url).origin}; no ID token was requested`,
    );
    expect(release.calls.length).toBe(before);
  });

  test('pkg info shows the verified build identity, and the run', async () => {
    const run = await as('', 'info', '@acme/clock@1.1.0');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('provenance of 1.1.0 (recorded at publish):');
    expect(run.stdout).toContain(
      `  Built and published from acme/clock@${SHA} by .github/workflows/release.yml, verified`,
    );
    expect(run.stdout).toContain('https://github.com/acme/clock/actions/runs/4242');
    const classic = await as('', 'info', '@acme/clock@1.0.0');
    expect(classic.stdout).toContain('provenance of 1.0.0');
    expect(classic.stdout).toMatch(
      /^ {2}source {4}https:\/\/github\.com\/acme\/clock\.git @ [0-9a-f]{40} \(reported by the publisher\)$/m,
    );
    expect(classic.stdout).not.toContain('verified');
  });

  test('pkg verify shows it for the published version and in the audit of a project', async () => {
    const remote = await as('', 'verify', '@acme/clock@1.1.0');
    expect(remote.code, remote.stderr).toBe(0);
    expect(remote.stdout).toContain(
      `Built and published from acme/clock@${SHA} by .github/workflows/release.yml, verified`,
    );
    const project = path.join(work.dir, 'agent');
    mkdirSync(project);
    const cli = (...args: string[]) => runCli(args, { cwd: project, env: env('') });
    const install = await cli('install', '@acme/clock@1.1.0');
    expect(install.code, install.stderr).toBe(0);
    const audit = await cli('verify');
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout).toContain(
      `@acme/clock@1.1.0: Built and published from acme/clock@${SHA} by .github/workflows/release.yml, verified`,
    );
  });

  test('a workflow that is not trusted is refused with the registry reason', async () => {
    setVersion('1.1.1');
    const run = await inJob(nightly, 'publish', 'clock', '--oidc');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error OIDC_REFUSED: .+/m);
    expect(run.stderr).toContain('hint: Compare the workflow that ran');
    for (const jwt of issued) expect(run.stdout + run.stderr).not.toContain(jwt);
  });

  test('pkg trust require on: a classic token is refused, naming the setting; --oidc still publishes', async () => {
    const on = await as(owner, 'trust', 'require', '@acme/clock', 'on');
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('@acme/clock now requires trusted publishing');
    expect(on.stdout).toContain('trusted publishing required: yes');
    setVersion('1.2.0');
    const classic = await as(owner, 'publish', 'clock');
    expect(classic.code).toBe(1);
    expect(classic.stderr).toMatch(/^error TRUSTED_PUBLISHING_REQUIRED: .*trusted publish/im);
    expect(classic.stderr).toContain('hint: Publish from a trusted publisher with `pkg publish --oidc`');
    const oidc = await inJob(release, 'publish', 'clock', '--oidc');
    expect(oidc.code, oidc.stderr).toBe(0);
    expect(oidc.stdout).toContain('published @acme/clock@1.2.0 from acme/clock@0123abc');
  });

  test('pkg trust remove removes it; the job is refused then', async () => {
    const off = await as(owner, 'trust', 'require', '@acme/clock', 'off');
    expect(off.code, off.stderr).toBe(0);
    const run = await as(owner, 'trust', 'remove', '@acme/clock', publisherId);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`removed trusted publisher ${publisherId} from @acme/clock\n`);
    const list = await as('', 'trust', 'list', '@acme/clock');
    expect(list.stdout).toContain('@acme/clock has no trusted publishers');
    setVersion('1.3.0');
    const refused = await inJob(release, 'publish', 'clock', '--oidc');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error OIDC_REFUSED: /m);
  });

  test('a GitLab pipeline publishes with the ID token its job declared', async () => {
    const add = await as(owner, 'trust', 'add', '@acme/clock', '--gitlab', 'acme/clock', '--json');
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({
      platform: 'gitlab',
      repository: 'acme/clock',
      workflow: '.gitlab-ci.yml',
      environment: null,
    });
    setVersion('1.4.0');
    const jwt = await gitlab.token({ repository: 'acme/clock', audience: AUDIENCE, sha: SHA, runId: '574' });
    const run = await runCli(['publish', 'clock', '--oidc'], {
      cwd: work.dir,
      env: env('', { GITLAB_CI: 'true', PKG_ID_TOKEN: jwt, PKG_OIDC_AUDIENCE: AUDIENCE }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'published @acme/clock@1.4.0 from acme/clock@0123abc by .gitlab-ci.yml (verified)',
    );
    expect(run.stdout + run.stderr).not.toContain(jwt);
  });
});

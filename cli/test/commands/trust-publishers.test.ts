// `pkg trust add|list|remove|require` and `pkg publish --oidc` refuse what they can tell is wrong
// before any request (docs/publishing.md): arguments checked with the contract's schemas, each
// issue named by the option it came from; a CI job that cannot give an ID token, or no CI at all.
// The registry is a socket that counts connections: none is made.
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-trust-publishers-');
let connections = 0;
let server: Server;
let registry = '';

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  registry = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  cleanup();
});

/** No CI around, whatever runs the tests; a token so that no command stops at the login. */
const env = (extra: Record<string, string> = {}) => ({
  HOME: join(dir, 'home'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  PKG_REGISTRY: registry,
  PKG_TOKEN: 'pkg_unused',
  GITHUB_ACTIONS: '',
  ACTIONS_ID_TOKEN_REQUEST_URL: '',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: '',
  GITLAB_CI: '',
  PKG_ID_TOKEN: '',
  PKG_OIDC_TOKEN_VAR: '',
  ...extra,
});
const pkg = (args: string[], extra?: Record<string, string>) => runCli(args, { cwd: dir, env: env(extra) });

describe('pkg trust', () => {
  test('the help tells the two families apart', async () => {
    const run = await pkg(['trust', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("the registry's signing keys pinned on this machine (show, accept)");
    expect(run.stdout).toContain("a package's trusted publishers");
    for (const sub of ['accept', 'add', 'list', 'remove', 'require', 'show'])
      expect(run.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
    const add = await pkg(['trust', 'add', '--help']);
    expect(add.stdout).toContain('pkg trust show and pkg trust accept are about something else');
  });

  test.each([
    [
      'neither --github nor --gitlab',
      ['trust', 'add', '@acme/clock', '--workflow', 'release.yml'],
      '--github/--gitlab: name the repository with exactly one of --github <owner/repo> or --gitlab <group/project> [platform]',
    ],
    [
      'both --github and --gitlab',
      ['trust', 'add', '@acme/clock', '--github', 'acme/clock', '--gitlab', 'acme/clock'],
      '--github/--gitlab: name the repository with exactly one of',
    ],
    [
      'a GitHub publisher without --workflow',
      ['trust', 'add', '@acme/clock', '--github', 'acme/clock'],
      '--workflow: a GitHub publisher names its workflow file, e.g. --workflow release.yml [required]',
    ],
    [
      'a repository that is not owner/repo',
      ['trust', 'add', '@acme/clock', '--github', 'acme', '--workflow', 'release.yml'],
      '--github: a repository is owner/name (GitLab: group/…/project)',
    ],
    [
      'a workflow outside the repository',
      ['trust', 'add', '@acme/clock', '--gitlab', 'acme/clock', '--workflow', '../ci.yml'],
      '--workflow: a workflow is a file path inside the repository, without ".." or "@ref"',
    ],
    [
      'a package that is not @ns/name',
      ['trust', 'add', 'clock', '--github', 'acme/clock', '--workflow', 'release.yml'],
      '<package>: "clock" is not @<namespace>/<name>',
    ],
    [
      'a publisher id of another shape',
      ['trust', 'remove', '@acme/clock', 'tok_123'],
      '<id>: a publisher id looks like tp_ followed by 16 letters or digits',
    ],
    [
      'a policy that is neither on nor off',
      ['trust', 'require', '@acme/clock', 'yes'],
      '<on|off>: "yes" is neither on nor off',
    ],
    ['a list of a hostile name', ['trust', 'list', '@__proto__/x'], '<package>: "@__proto__/x" is not'],
  ])('%s is refused before any request', async (_what, args, detail) => {
    const before = connections;
    const run = await pkg(args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /^error BAD_REQUEST: Invalid arguments of pkg trust (add|list|remove|require)\.$/m,
    );
    expect(run.stderr).toContain(detail);
    expect(run.stderr).toMatch(/^hint: Usage: pkg trust/m);
    expect(connections).toBe(before);
  });
});

describe('pkg publish --oidc', () => {
  test('outside GitHub Actions and GitLab CI it says to publish with a token from pkg login', async () => {
    const before = connections;
    const run = await pkg(['publish', '--oidc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatchInlineSnapshot(`
      "error OIDC_UNAVAILABLE: pkg publish --oidc runs inside GitHub Actions or GitLab CI; elsewhere publish with a token from \`pkg login\`.
      hint: Run pkg login --registry <url> with a token, then pkg publish.
      "
    `);
    expect(connections).toBe(before);
  });

  test('a GitHub job without id-token: write is told so', async () => {
    const run = await pkg(['publish', '--oidc'], { GITHUB_ACTIONS: 'true' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('hint: Give the job (or the workflow) `permissions: id-token: write`');
  });

  test('a GitLab job without the ID token variable is told how to declare it', async () => {
    const run = await pkg(['publish', '--oidc'], { GITLAB_CI: 'true', PKG_OIDC_TOKEN_VAR: 'REGISTRY_ID' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the variable REGISTRY_ID is empty');
    expect(run.stderr).toContain(`id_tokens: { REGISTRY_ID: { aud: ${registry} } }`);
  });

  test('--oidc with --dry-run is a usage error', async () => {
    const run = await pkg(['publish', '--oidc', '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--dry-run and --oidc do not go together');
  });
});

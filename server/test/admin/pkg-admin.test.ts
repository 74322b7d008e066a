// The built pkg-admin without a running server: it starts the embedded store on the data
// directory for the duration of each command. Users, tokens, namespaces, migrations, status,
// and the exit codes and messages of bad input.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOKEN_PATTERN } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastLine, runAdmin, runJson } from './run-admin.js';

let env: Record<string, string>;

beforeAll(() => {
  env = { PKG_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pkg-admin-')) };
});
afterAll(() => rmSync(env.PKG_DATA_DIR ?? '', { recursive: true, force: true }));

interface TokenJson {
  id: string;
  kind: string;
  label: string | null;
  namespaces: string[] | null;
  expiresAt: string | null;
  revokedAt?: string | null;
  token?: string;
}

const DAY_MS = 86_400_000;

describe('pkg-admin without a running server', () => {
  test('user create prints the new managing token as the last line, and nothing else secret', async () => {
    const run = await runAdmin(['user', 'create', 'alice'], env);
    expect(run.code).toBe(0);
    const token = lastLine(run.stdout);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(run.stdout.match(/pkg_[A-Za-z0-9]{40,}/g)).toEqual([token]);
    expect(run.stdout).toMatch(
      /^created user alice\nmanaging token tok_[A-Za-z0-9]{16}; its value is shown once/,
    );
    const { users } = await runJson<{ users: { name: string; activeTokens: number }[] }>(
      ['user', 'list'],
      env,
    );
    expect(users).toEqual([{ name: 'alice', createdAt: expect.any(String), activeTokens: 1 }]);
    const listed = await runAdmin(['user', 'list'], env);
    expect(listed.stdout).toMatch(/^USER\s+CREATED\s+ACTIVE TOKENS\nalice\s+\S+Z\s+1\n$/);
  });

  test.each([
    [['user', 'create', 'alice'], 'User alice already exists.'],
    [['user', 'create', 'Not A Name'], 'a user name is 1 to 39 lowercase letters, digits or hyphens'],
    [['token', 'issue', 'nobody'], 'User nobody does not exist'],
    [
      ['token', 'issue', 'alice', '--kind', 'root'],
      '--kind: Invalid option: expected one of "manage"|"publish"',
    ],
    [['token', 'issue', 'alice', '--expires-in-days', '0'], '--expires-in-days: must be at least 1'],
    [['token', 'issue', 'alice', '--namespaces', 'ok,NOT OK'], '--namespaces: a namespace is 1 to 39'],
    [['token', 'revoke', 'garbage'], '"garbage" is not a token id'],
    [
      ['token', 'revoke', 'tok_0000000000000000'],
      'Token tok_0000000000000000 does not exist or is already revoked.',
    ],
    [
      ['token', 'rotate', 'tok_0000000000000000'],
      'Token tok_0000000000000000 does not exist or is already revoked.',
    ],
    [['namespace', 'reserve', 'Bad_NS'], 'a namespace is 1 to 39 lowercase letters'],
    [['user', 'remove', 'alice'], "unknown command 'remove'"],
  ])('pkg-admin %j is bad input: exit 2 with a clear message', async (args, message) => {
    const run = await runAdmin(args, env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  test('--json prints the uniform error body', async () => {
    const run = await runAdmin(['token', 'revoke', 'tok_0000000000000000', '--json'], env);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'Token tok_0000000000000000 does not exist or is already revoked.',
        details: [],
      },
    });
  });

  test('token issue, rotate and revoke', async () => {
    const issued = await runAdmin(
      [
        'token',
        'issue',
        'alice',
        '--kind',
        'publish',
        '--label',
        'ci',
        '--namespaces',
        'beta,alpha',
        '--expires-in-days',
        '30',
      ],
      env,
    );
    expect(issued.code).toBe(0);
    expect(lastLine(issued.stdout)).toMatch(TOKEN_PATTERN);
    expect(issued.stdout).toContain('issued a publish token to alice');
    const { tokens } = await runJson<{ tokens: TokenJson[] }>(['token', 'list', 'alice'], env);
    const ci = tokens.find((t) => t.label === 'ci');
    expect(ci).toMatchObject({ kind: 'publish', namespaces: ['alpha', 'beta'], revokedAt: null });
    expect(JSON.stringify(tokens)).not.toMatch(/pkg_/);

    const rotated = await runAdmin(['token', 'rotate', ci?.id ?? ''], env);
    expect(rotated.code).toBe(0);
    const value = lastLine(rotated.stdout);
    expect(value).toMatch(TOKEN_PATTERN);
    expect(value).not.toBe(lastLine(issued.stdout));
    const after = (await runJson<{ tokens: TokenJson[] }>(['token', 'list', 'alice'], env)).tokens;
    expect(after.find((t) => t.id === ci?.id)?.revokedAt).toEqual(expect.any(String));
    const replacement = after.find((t) => t.label === 'ci' && !t.revokedAt);
    expect(replacement).toMatchObject({ kind: 'publish', namespaces: ['alpha', 'beta'] });
    const lifetime = Date.parse(replacement?.expiresAt ?? '') - Date.now();
    expect(Math.round(lifetime / DAY_MS)).toBe(30);

    const manage = await runJson<TokenJson & { user: string }>(['token', 'issue', 'alice'], env);
    expect(manage).toMatchObject({ user: 'alice', kind: 'manage', namespaces: null, expiresAt: null });
    expect(manage.token).toMatch(TOKEN_PATTERN);
    const revoked = await runAdmin(['token', 'revoke', manage.id], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `revoked manage token ${manage.id} of alice\n` });
    expect((await runAdmin(['token', 'revoke', manage.id], env)).code).toBe(2);
  });

  test('namespace reserve marks the namespace, once', async () => {
    const first = await runAdmin(['namespace', 'reserve', 'acme'], env);
    expect(first).toMatchObject({ code: 0, stdout: 'namespace acme is now reserved\n' });
    const again = await runJson<{ namespace: string; changed: boolean }>(
      ['namespace', 'reserve', 'acme'],
      env,
    );
    expect(again).toEqual({ namespace: 'acme', changed: false, owner: null });
  });

  test('migrate applies each migration once and says so the second time', async () => {
    const first = await runAdmin(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('indexes: in sync');
    expect(first.stdout).toContain('applied 0001-package-search-text: 0 package(s) given a searchText');
    expect(first.stdout).toContain(
      'applied 0002-version-provenance: 0 version(s) given a derived provenance record',
    );
    expect(first.stdout).toContain(
      'applied 0003-log-kept-with-entries: 0 log entries given their hashes and 0 their checkpoint',
    );
    expect(first.stdout).toContain(
      'applied 0004-package-search-fields: 0 version(s) given search words, 0 package(s) given search fields',
    );
    const second = await runAdmin(['migrate'], env);
    expect(second).toMatchObject({
      code: 0,
      stdout: 'indexes: in sync\nnothing to migrate: all 4 migration(s) were applied before\n',
    });
  });

  test('status opens the store itself and counts the collections', async () => {
    const status = await runJson<{ store: string; running: string; collections: Record<string, number> }>(
      ['status'],
      env,
    );
    expect(status).toMatchObject({
      store: 'embedded',
      running: 'this command',
      dataDir: env.PKG_DATA_DIR,
      collections: { users: 1, migrations: 4, namespaces: 1 },
    });
  });
});

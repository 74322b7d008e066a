// What a new author checks: `pkg init` scaffolds a package that validates, names it after the
// directory, and never overwrites an existing non-empty directory.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-init-');
afterAll(cleanup);

describe('pkg init', () => {
  test('scaffolds manifest, SKILL.md, one tool and its schemas, named after the directory', async () => {
    const { code, stdout } = await runCli(['init', 'My Skill', '--namespace', 'acme'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('created @acme/my-skill@0.1.0 in My Skill');
    const root = join(dir, 'My Skill');
    expect(readdirSync(root, { recursive: true }).map(String).sort()).toEqual([
      'SKILL.md',
      'manifest.json',
      'schemas',
      'schemas/hello.input.json',
      'schemas/hello.output.json',
      'tools',
      'tools/hello.js',
    ]);
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      specVersion: 1,
      namespace: 'acme',
      name: 'my-skill',
      permissions: { fs: { read: [], write: [] }, network: [], env: [] },
    });
    expect(readFileSync(join(root, 'tools', 'hello.js'), 'utf8')).toContain(
      'export default async function hello(input, context)',
    );
    expect((await runCli(['validate', 'My Skill'], { cwd: dir })).code).toBe(0);
  });

  test('the scaffolded tool runs and returns an object', async () => {
    const root = join(dir, 'runs');
    await runCli(['init', 'runs', '--namespace', 'acme'], { cwd: dir });
    const url = new URL(`file://${join(root, 'tools', 'hello.js')}`);
    const tool = (await import(url.href)) as {
      default: (input: unknown, context: unknown) => Promise<unknown>;
    };
    expect(await tool.default({ name: 'Ada' }, {})).toEqual({ greeting: 'Hello, Ada!' });
  });

  test('--name and --description end up in both the manifest and SKILL.md', async () => {
    const args = [
      'init',
      'x',
      '--namespace',
      'acme',
      '--name',
      'prices',
      '--description',
      'Looks up prices: fast.',
    ];
    expect((await runCli(args, { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, 'x', 'SKILL.md'), 'utf8')).toMatch(
      /^---\nname: prices\ndescription: "Looks up prices: fast."\n---\n/,
    );
    expect((await runCli(['validate', 'x'], { cwd: dir })).code).toBe(0);
  });

  test('--json prints what was created', async () => {
    const { code, stdout } = await runCli(['--json', 'init', 'j', '--namespace', 'acme'], { cwd: dir });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      dir: join(dir, 'j'),
      name: '@acme/j',
      version: '0.1.0',
      files: [
        'SKILL.md',
        'manifest.json',
        'schemas/hello.input.json',
        'schemas/hello.output.json',
        'tools/hello.js',
      ],
    });
  });

  test('a non-empty directory is refused with exit 2 and nothing is overwritten', async () => {
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'manifest.json'), 'mine');
    const { code, stderr } = await runCli(['init', 'taken', '--namespace', 'acme'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toMatchInlineSnapshot(`
      "error BAD_REQUEST: taken is not empty; pkg init never overwrites files.
      hint: Run pkg init with a new or empty directory, e.g. pkg init my-skill.
      "
    `);
    expect(readFileSync(join(dir, 'taken', 'manifest.json'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'taken', 'SKILL.md'))).toBe(false);
  });

  test('a directory holding only hidden entries (a fresh git repository) is fine', async () => {
    mkdirSync(join(dir, 'repo', '.git'), { recursive: true });
    expect((await runCli(['init', 'repo', '--namespace', 'acme'], { cwd: dir })).code).toBe(0);
  });

  test('an invalid --namespace is exit 2', async () => {
    const { code, stderr } = await runCli(['init', 'n', '--namespace', 'Not_Valid'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('"Not_Valid" is not a valid namespace.');
  });
});

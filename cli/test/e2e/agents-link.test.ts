// Skill folders for agents, as a user checks them: two packages published to a real registry and
// installed into a temp project, a temp HOME where Claude Code is installed (~/.claude exists),
// then `pkg agents link` (project and --global), a hand-written folder that is left alone,
// `pkg agents list`, an update and a remove that keep the folders right (docs/agents.md).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, startTestServer, type TestServer } from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let env: NodeJS.ProcessEnv;
const home = tempDir('pkg-agents-home-');
const work = tempDir('pkg-agents-work-');
const project = path.join(work.dir, 'project');

beforeAll(async () => {
  server = await startTestServer();
  const token = (await createUser(server.deps.registry, 'alice')).token.token;
  env = {
    HOME: home.dir,
    XDG_CONFIG_HOME: path.join(home.dir, '.config'),
    PKG_REGISTRY: server.url,
    PKG_TOKEN: token,
  };
  mkdirSync(path.join(home.dir, '.claude'));
  mkdirSync(project);
  for (const name of ['weather', 'notes']) {
    const init = await cli(['init', name, '--namespace', 'alice', '--name', name], work.dir);
    expect(init.code, init.stderr).toBe(0);
    const published = await cli(['publish', name], work.dir);
    expect(published.code, published.stderr).toBe(0);
  }
  const installed = await cli(['install', '@alice/weather', '@alice/notes'], project);
  expect(installed.code, installed.stderr).toBe(0);
});
afterAll(async () => {
  await server.close();
  home.cleanup();
  work.cleanup();
});

function cli(args: string[], cwd: string) {
  return runCli(args, { cwd, env });
}
const skillMd = (folder: string) => readFileSync(path.join(folder, 'SKILL.md'), 'utf8');
const projectFolders = ['.agents/skills', '.claude/skills'];

function setVersion(dir: string, version: string): void {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
}

describe('pkg agents link', () => {
  test('writes each documented project folder with only a SKILL.md per installed skill', async () => {
    const run = await cli(['agents', 'link'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('agents: Claude Code');
    for (const root of projectFolders) {
      expect(readdirSync(path.join(project, root)).sort()).toEqual(['alice-notes', 'alice-weather']);
      for (const name of ['notes', 'weather']) {
        const folder = path.join(project, root, `alice-${name}`);
        expect(readdirSync(folder)).toEqual(['SKILL.md']);
        const text = skillMd(folder);
        expect(text).toMatch(new RegExp(`^---\\nname: alice-${name}\\ndescription: "`));
        expect(text).toContain(`pkg-managed: "@alice/${name}@0.1.0"`);
        expect(text).toContain(`pkg run @alice/${name} hello --input '{"name":"…"}'`);
        expect(text).toContain('`name` (string, required)');
        expect(text).toContain(`MCP tool: \`alice__${name}__hello\``);
        expect(text).toContain('pkg mcp --skills');
      }
    }
    expect(existsSync(path.join(home.dir, '.agents'))).toBe(false);
  });

  test('--global writes the user folders', async () => {
    const run = await cli(['agents', 'link', '--global'], project);
    expect(run.code, run.stderr).toBe(0);
    for (const root of projectFolders) {
      expect(readdirSync(path.join(home.dir, root)).sort()).toEqual(['alice-notes', 'alice-weather']);
      expect(skillMd(path.join(home.dir, root, 'alice-notes'))).toContain(
        'pkg-managed: "@alice/notes@0.1.0"',
      );
    }
  });

  test('--agent links for an agent that is not found; Codex reads the shared folder', async () => {
    const run = await cli(['agents', 'link', '--agent', 'codex', '--json'], project);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { agents: { id: string; foundBy: string }[] };
    expect(json.agents).toEqual([
      expect.objectContaining({ id: 'claude-code', foundBy: path.join(home.dir, '.claude') }),
      expect.objectContaining({ id: 'codex', foundBy: '--agent', skillsDir: '.agents/skills' }),
    ]);
    expect(existsSync(path.join(project, '.codex'))).toBe(false);
  });

  test('--agent names an unknown agent: exit 2 with the known ones', async () => {
    const run = await cli(['agents', 'link', '--agent', 'nope'], project);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"nope" is not an agent pkg knows.');
    expect(run.stderr).toContain('claude-code, codex, cursor');
  });
});

describe('a hand-written skill folder of the same name', () => {
  const handWritten = () => path.join(project, '.claude/skills/alice-notes');
  const mine = '---\nname: alice-notes\ndescription: My own notes skill.\n---\n\nMine.\n';

  test('is left alone and reported with a warning (exit 0)', async () => {
    writeFileSync(path.join(handWritten(), 'SKILL.md'), mine);
    const run = await cli(['agents', 'link'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`pkg: warning: ${handWritten()} was written by hand`);
    expect(skillMd(handWritten())).toBe(mine);
    expect(skillMd(path.join(project, '.agents/skills/alice-notes'))).toContain('pkg-managed');
  });

  test('a folder that is a symbolic link (as other installers make) is never written through', async () => {
    const elsewhere = path.join(work.dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'SKILL.md'), mine);
    const link = path.join(home.dir, '.agents/skills/alice-notes');
    rmSync(link, { recursive: true });
    symlinkSync(elsewhere, link);
    const run = await cli(['agents', 'link', '--global'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`pkg: warning: ${link} was written by hand`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(skillMd(elsewhere)).toBe(mine);
    rmSync(link);
    expect((await cli(['agents', 'link', '--global'], project)).stderr).toBe(
      'pkg: warning: ' +
        handWritten() +
        ' was written by hand (no pkg-managed marker); left alone, @alice/notes is not linked there\n',
    );
    expect(skillMd(link)).toContain('pkg-managed: "@alice/notes@0.1.0"');
  });

  test('pkg agents list shows the agents, the links and the shadowing folder', async () => {
    const run = await cli(['agents', 'list'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('claude-code: found (~/.claude), reads .claude/skills');
    expect(run.stdout).toContain('codex: not found');
    expect(run.stdout).toContain('@alice/weather@0.1.0 → ~/.claude/skills/alice-weather [global]');
    expect(run.stdout).toContain(`${handWritten()} (@alice/notes is not linked there)`);
    const json = JSON.parse((await cli(['agents', 'list', '--json'], project)).stdout) as {
      agents: { id: string }[];
      links: { package: string; path: string }[];
      shadowed: { package: string; path: string }[];
    };
    expect(json.agents.map((a) => a.id)).toEqual(['claude-code']);
    expect(json.shadowed).toEqual([{ package: '@alice/notes', path: handWritten() }]);
    expect(json.links).toHaveLength(7);
  });
});

describe('install and remove keep the folders right', () => {
  test('an update refreshes each SKILL.md', async () => {
    setVersion(path.join(work.dir, 'weather'), '0.2.0');
    expect((await cli(['publish', 'weather'], work.dir)).code).toBe(0);
    const run = await cli(['install', '@alice/weather@^0.2.0'], project);
    expect(run.code, run.stderr).toBe(0);
    for (const base of [project, home.dir]) {
      for (const root of projectFolders) {
        expect(skillMd(path.join(base, root, 'alice-weather'))).toContain(
          'pkg-managed: "@alice/weather@0.2.0"',
        );
      }
    }
  });

  test("remove deletes the package's folders, keeps the other's and the hand-written one", async () => {
    const run = await cli(['remove', '@alice/notes'], project);
    expect(run.code, run.stderr).toBe(0);
    for (const base of [project, home.dir]) {
      expect(existsSync(path.join(base, '.agents/skills/alice-notes'))).toBe(false);
      expect(existsSync(path.join(base, '.agents/skills/alice-weather/SKILL.md'))).toBe(true);
      expect(existsSync(path.join(base, '.claude/skills/alice-weather/SKILL.md'))).toBe(true);
    }
    expect(existsSync(path.join(home.dir, '.claude/skills/alice-notes'))).toBe(false);
    expect(skillMd(path.join(project, '.claude/skills/alice-notes'))).toContain('My own notes skill.');
  });
});

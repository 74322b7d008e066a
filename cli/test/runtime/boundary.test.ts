// Choosing the boundary of pkg run (docs/sandbox.md, "Choosing the boundary"), seen through the
// built CLI: without bubblewrap on PATH, pkg run refuses with the install line and runs nothing
// unless --sandbox=node is given; pkg doctor says which boundary is in force and why (exit 1 when
// the OS sandbox is chosen but cannot run); the user config key `sandbox` chooses the weaker
// boundary (with the warning on every run) and only takes os or node; a project's pkg.json
// cannot choose it. HOME and XDG_CONFIG_HOME always point into a temporary directory, so the
// real user config is never read or written.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { createProbeProject, NODE_WARNING } from './probe-project.js';

const project = createProbeProject();
const scratch = tempDir('pkg-cli-boundary-');
afterAll(() => {
  project.cleanup();
  scratch.cleanup();
});

let homes = 0;
/** A fresh HOME and XDG_CONFIG_HOME (empty: no user config yet). */
function userEnv(extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; configFile: string } {
  const home = join(scratch.dir, `home-${++homes}`);
  const config = join(home, 'config');
  mkdirSync(config, { recursive: true });
  return {
    env: { HOME: home, XDG_CONFIG_HOME: config, ...extra },
    configFile: join(config, 'pkg', 'config.json'),
  };
}

// A PATH holding node and nothing else: no bwrap. runCli starts process.execPath directly, so
// this PATH only changes where the CLI looks for bwrap.
const nodeOnly = join(scratch.dir, 'node-only-bin');
mkdirSync(nodeOnly);
symlinkSync(process.execPath, join(nodeOnly, 'node'));

const ECHO = ['run', '@acme/probe', 'echo', '--input', '{"value":"x"}'];

const UNAVAILABLE =
  'error SANDBOX_UNAVAILABLE: The OS sandbox is not available: bubblewrap (bwrap) is not installed or not on PATH; install bubblewrap (sudo apt-get install bubblewrap on Debian and Ubuntu, sudo dnf install bubblewrap on Fedora), or run with --sandbox=node for the weaker boundary.';
const INSTALL_HINT =
  'to fix: install bubblewrap (sudo apt-get install bubblewrap on Debian and Ubuntu, sudo dnf install bubblewrap on Fedora), or run with --sandbox=node for the weaker boundary';
const OS_LINE = "boundary: os (bubblewrap, with Node's permission model inside), chosen by default";
const NODE_LINE = "boundary: node (Node's permission model only, the weaker boundary), chosen by user config";

/** The input of the write-file probe: a marker file that exists only if the tool ran. */
function marker(name: string): { path: string; input: string } {
  const path = join(project.root, 'out', name);
  return { path, input: JSON.stringify({ path, text: 'the tool ran' }) };
}

describe('without bubblewrap on PATH', () => {
  const noBwrap = () => userEnv({ PATH: nodeOnly }).env;

  test('pkg run refuses with the install line, exit 1, and the tool does not run', async () => {
    const { code, stdout, stderr } = await runCli(ECHO, { cwd: project.root, env: noBwrap() });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(UNAVAILABLE);
    expect(stderr).toBe(`${UNAVAILABLE}\nhint: pkg doctor shows which boundary is in force and why.\n`);

    const ran = marker('unavailable.txt');
    const write = await runCli(['run', '@acme/probe', 'write-file', '--input', ran.input], {
      cwd: project.root,
      env: noBwrap(),
    });
    expect(write.code).toBe(1);
    expect(write.stderr.split('\n')[0]).toBe(UNAVAILABLE);
    expect(existsSync(ran.path)).toBe(false);
  });

  test('--sandbox node runs the tool behind the weaker boundary, the warning first on stderr', async () => {
    const { code, stdout, stderr } = await runCli([...ECHO, '--sandbox', 'node'], {
      cwd: project.root,
      env: noBwrap(),
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ value: 'x' });
    expect(stderr.startsWith(NODE_WARNING)).toBe(true);

    // The same marker as above does appear when the tool runs: its absence there means something.
    const ran = marker('node-boundary.txt');
    const write = await runCli(
      ['run', '@acme/probe', 'write-file', '--input', ran.input, '--sandbox', 'node'],
      {
        cwd: project.root,
        env: noBwrap(),
      },
    );
    expect(write.code).toBe(0);
    expect(readFileSync(ran.path, 'utf8')).toBe('the tool ran');
  });

  test('pkg doctor says there is no boundary and how to install one, exit 1', async () => {
    const { code, stdout } = await runCli(['doctor'], { cwd: project.root, env: noBwrap() });
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'boundary: none: the OS sandbox is chosen (default) but cannot run, so pkg run refuses',
    );
    expect(lines[1]).toBe('OS sandbox: not available: bubblewrap (bwrap) is not installed or not on PATH');
    expect(lines.at(-1)).toBe(INSTALL_HINT);
  });

  test('pkg doctor --json: boundary none, chosen os, exit 1', async () => {
    const { code, stdout } = await runCli(['--json', 'doctor'], { cwd: project.root, env: noBwrap() });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      boundary: 'none',
      chosen: 'os',
      source: 'default',
      os: { works: false, reason: 'bubblewrap (bwrap) is not installed or not on PATH' },
      seccomp: null,
    });
  });

  test('with the user config at node, pkg run works (with the warning) and pkg doctor exits 0', async () => {
    const { env } = userEnv({ PATH: nodeOnly });
    expect((await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env })).code).toBe(0);
    const run = await runCli(ECHO, { cwd: project.root, env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ value: 'x' });
    expect(run.stderr.startsWith(NODE_WARNING)).toBe(true);
    const doctor = await runCli(['doctor'], { cwd: project.root, env });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout.split('\n')[0]).toBe(NODE_LINE);
  });
});

describe('with bubblewrap on PATH', () => {
  test('pkg doctor: the OS boundary, chosen by default, exit 0', async () => {
    const { code, stdout } = await runCli(['doctor'], { cwd: project.root, env: userEnv().env });
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(OS_LINE);
    expect(lines[1]).toMatch(
      /^OS sandbox: bubblewrap at \S*\/bwrap .*: works \(started Node inside in \d+ ms\)$/,
    );
    expect(stdout).not.toContain('to fix:');
  });

  test('pkg doctor --json: boundary os, bubblewrap works', async () => {
    const { code, stdout } = await runCli(['--json', 'doctor'], { cwd: project.root, env: userEnv().env });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      boundary: 'os',
      chosen: 'os',
      source: 'default',
      os: { works: true, tool: 'bubblewrap', path: expect.stringMatching(/\/bwrap$/) as unknown },
    });
  });
});

describe('the user config key sandbox', () => {
  test('pkg config set sandbox node saves it and warns; pkg config get names the user config', async () => {
    const { env, configFile } = userEnv();
    const set = await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env });
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(
      [
        `sandbox = node  (saved in ${configFile})`,
        "warning: pkg run now uses the weaker boundary (Node's permission model only); pkg config set sandbox os undoes it.",
        '',
      ].join('\n'),
    );
    expect(JSON.parse(readFileSync(configFile, 'utf8'))).toEqual({ sandbox: 'node' });
    const get = await runCli(['config', 'get', 'sandbox'], { cwd: project.root, env });
    expect(get.code).toBe(0);
    expect(get.stdout).toBe('node  (from user config)\n');
  });

  test('with the user config at node, pkg run (no flag) warns first and pkg doctor names the user config', async () => {
    const { env } = userEnv();
    await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env });
    const run = await runCli(ECHO, { cwd: project.root, env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ value: 'x' });
    expect(run.stderr.startsWith(NODE_WARNING)).toBe(true);

    const json = await runCli(['--json', ...ECHO], { cwd: project.root, env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ output: { value: 'x' }, sandbox: 'node' });

    const doctor = await runCli(['doctor'], { cwd: project.root, env });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout.split('\n')[0]).toBe(NODE_LINE);
  });

  test('--sandbox os overrides the user config: no warning, bubblewrap', async () => {
    const { env } = userEnv();
    await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env });
    const { code, stdout, stderr } = await runCli(['--json', ...ECHO, '--sandbox', 'os'], {
      cwd: project.root,
      env,
    });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toMatchObject({ output: { value: 'x' }, sandbox: 'bubblewrap' });
  });

  test('pkg config set sandbox maybe exits 2, names the allowed values, and leaves the config as it was', async () => {
    const { env, configFile } = userEnv();
    await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env });
    const before = readFileSync(configFile, 'utf8');
    const { code, stdout, stderr } = await runCli(['config', 'set', 'sandbox', 'maybe'], {
      cwd: project.root,
      env,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [
        'error BAD_REQUEST: sandbox must be one of os, node (got "maybe").',
        "hint: os: the OS sandbox (the default); node: Node's permission model only.",
        '',
      ].join('\n'),
    );
    expect(readFileSync(configFile, 'utf8')).toBe(before);
    expect((await runCli(['config', 'get', 'sandbox'], { cwd: project.root, env })).stdout).toBe(
      'node  (from user config)\n',
    );
  });

  test('pkg run --sandbox bogus exits 2 before anything runs', async () => {
    const { code, stdout, stderr } = await runCli([...ECHO, '--sandbox', 'bogus'], {
      cwd: project.root,
      env: userEnv().env,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('error BAD_REQUEST: --sandbox must be one of os, node (got "bogus").');
  });

  test('a user config edited by hand to an unknown value makes pkg run exit 2', async () => {
    const { env, configFile } = userEnv();
    mkdirSync(join(configFile, '..'), { recursive: true });
    writeFileSync(configFile, '{ "sandbox": "maybe" }\n');
    const { code, stdout, stderr } = await runCli(ECHO, { cwd: project.root, env });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(
      'error BAD_REQUEST: The user config key sandbox must be one of os, node (got "maybe").',
    );
  });

  test('pkg config set sandbox os restores the OS boundary', async () => {
    const { env, configFile } = userEnv();
    await runCli(['config', 'set', 'sandbox', 'node'], { cwd: project.root, env });
    const set = await runCli(['config', 'set', 'sandbox', 'os'], { cwd: project.root, env });
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(`sandbox = os  (saved in ${configFile})\n`);
    const get = await runCli(['config', 'get', 'sandbox'], { cwd: project.root, env });
    expect(get.stdout).toBe('os  (from user config)\n');
    const run = await runCli(['--json', ...ECHO], { cwd: project.root, env });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ output: { value: 'x' }, sandbox: 'bubblewrap' });
  });
});

describe('a project cannot choose the boundary', () => {
  // pkg.json is read with a schema that keeps unknown members (z.looseObject), so a "sandbox"
  // member is accepted and must be ignored, not obeyed.
  const lowered = createProbeProject();
  afterAll(lowered.cleanup);
  const manifestFile = join(lowered.root, 'pkg.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, sandbox: 'node' }, null, 2)}\n`);

  test('"sandbox": "node" in pkg.json is ignored: no warning, bubblewrap', async () => {
    const { env } = userEnv();
    const { code, stdout, stderr } = await runCli(['--json', ...ECHO], { cwd: lowered.root, env });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toMatchObject({ output: { value: 'x' }, sandbox: 'bubblewrap' });
  });

  test('pkg config get and pkg doctor in that project still say os, chosen by default', async () => {
    const { env } = userEnv();
    const get = await runCli(['config', 'get', 'sandbox'], { cwd: lowered.root, env });
    expect(get.stdout).toBe('os  (from default)\n');
    const doctor = await runCli(['doctor'], { cwd: lowered.root, env });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout.split('\n')[0]).toBe(OS_LINE);
  });
});

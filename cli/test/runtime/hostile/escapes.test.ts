// The seven escapes found from outside on an earlier `pkg run`, each by a hostile package
// published to a local registry and installed with `pkg install`: under the OS boundary and
// under --sandbox=node, each fails with a clear error and the host is left as it was (files,
// processes, listeners, the canary servers on undeclared addresses).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, type CliRun } from '../../helpers/run-cli.js';
import { ATTEMPTS } from './corpus.js';
import { ESCAPES } from './escapes.js';
import {
  BOUNDARIES,
  type BoundaryName,
  expectContained,
  expectHostUnchanged,
  hostState,
  runHostile,
} from './host-check.js';
import { createHostileProject, type HostileProject, PACKAGE } from './hostile-project.js';

let project: HostileProject;
beforeAll(async () => {
  project = await createHostileProject({
    ...ESCAPES,
    ...Object.fromEntries(Object.entries(ATTEMPTS).map(([k, a]) => [k, a.source])),
  });
}, 120_000);
afterAll(async () => project.close());

const NETWORK_HINT = 'hint: Declare the host in manifest permissions.network (then reinstall the package).';

/** Runs `tool` and checks the host after; the run's output for the test's own assertions. */
async function attack(sandbox: BoundaryName, tool: string, extra: string[] = []): Promise<CliRun> {
  const before = hostState(project);
  const run = await runHostile(project, sandbox, tool, extra);
  expectHostUnchanged(project, before, run);
  expectContained(run);
  return run;
}

/** `pkg run` of `tool` as a child process, handing its stderr to `onStderr` as it comes. */
function runStreaming(sandbox: BoundaryName, tool: string, onStderr: (text: string, pid: number) => void) {
  return new Promise<CliRun>((resolve) => {
    const child = spawn(
      process.execPath,
      [CLI, 'run', PACKAGE, tool, '--input', JSON.stringify(project.input), '--sandbox', sandbox],
      {
        cwd: project.root,
        env: { ...process.env, ...project.env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (child.pid !== undefined) onStderr(stderr, child.pid);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe.each(BOUNDARIES)('under the %s boundary', (sandbox) => {
  test('1. a tool cannot open the CLI to a debugger (process._debugProcess of its parent)', async () => {
    const run = await attack(sandbox, 'debug-cli');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'error TOOL_PERMISSION_DENIED: The tool debug-cli was refused: process._debugProcess (the inspector of another process) is not available to tools.',
    );
    expect(existsSync(join(project.home, 'pwned-by-inspector'))).toBe(false);
  });

  test('1. the CLI opens no inspector when it receives SIGUSR1 while a tool runs', async () => {
    let signalled = false;
    const run = await runStreaming(sandbox, 'wait-for-go', (stderr, pid) => {
      if (signalled || !stderr.includes('ready for the signal')) return;
      signalled = true;
      process.kill(pid, 'SIGUSR1'); // what process._debugProcess(pid) does on Linux
      writeFileSync(join(project.root, 'data', 'go'), 'go');
    });
    rmSync(join(project.root, 'data', 'go'), { force: true });
    expect(signalled).toBe(true);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ done: true });
    expect(run.stderr).not.toContain('Debugger listening');
  });

  test.each([
    ['socket-member', 'net.connect'],
    ['socket-member-method', 'net.Socket.connect'],
  ])('2. a `socket` member in the connect options does not skip the check (%s)', async (tool, via) => {
    const run = await attack(sandbox, tool);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error TOOL_PERMISSION_DENIED: The tool ${tool} was refused: network access to "::1" (${via}) is not declared in manifest permissions.network (declared: 127.0.0.1, api.example.com).`,
    );
    expect(run.stderr).toContain(NETWORK_HINT);
  });

  test.each(['getter-host', 'proxy-host'])(
    '3. a host that changes between reads reaches only the host that was checked (%s)',
    async (tool) => {
      const run = await attack(sandbox, tool);
      // Checked and dialled: 127.0.0.1 (declared), where nothing listens on that port.
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ escaped: false });
    },
  );

  test.each(['udp-constructor', 'udp-bind'])(
    '4. UDP through the dgram.Socket constructor is refused (%s)',
    async (tool) => {
      const run = await attack(sandbox, tool);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `error TOOL_PERMISSION_DENIED: The tool ${tool} was refused: UDP sockets (dgram) are not available to tools.`,
      );
    },
  );

  test('5. trace events write no file', async () => {
    const run = await attack(sandbox, 'trace-events');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'error TOOL_PERMISSION_DENIED: The tool trace-events was refused: trace_events.createTracing (trace files) is not available to tools.',
    );
    expect(readdirSync(project.root).filter((f) => f.startsWith('node_trace'))).toEqual([]);
  });

  test.each([
    ['read', 'read-through-link', 'data/key', 'data', () => project.sshKey],
    ['write', 'write-through-link', 'out/elsewhere', 'out', () => project.outside],
  ])(
    '6. a link placed in advance in a declared %s path stops the run before it starts',
    async (_kind, tool, link, declared, target) => {
      symlinkSync(target(), join(project.root, link));
      try {
        const run = await attack(sandbox, tool);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `error TOOL_PERMISSION_DENIED: ${link} is a link to ${target()}, outside the declared path ${declared}; the tool was not run.`,
        );
        expect(readdirSync(project.outside)).toEqual([]);
      } finally {
        rmSync(join(project.root, link));
      }
    },
  );

  test('6. a declared path that is itself a link stops the run', async () => {
    const moved = join(project.root, 'data.real');
    rmSync(moved, { recursive: true, force: true });
    const data = join(project.root, 'data');
    renameSync(data, moved);
    symlinkSync(join(project.home, '.ssh'), data);
    try {
      const run = await runHostile(project, sandbox, 'read-through-link');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `data is a link to ${join(project.home, '.ssh')}, outside the declared path data`,
      );
    } finally {
      rmSync(data);
      renameSync(moved, data);
    }
  });

  test('6. a link that appears while the tool runs leads nowhere', async () => {
    const late = join(project.root, 'data', 'late');
    let placed = false;
    const before = hostState(project);
    const run = await runStreaming(sandbox, 'late-link', (stderr) => {
      if (placed || !stderr.includes('ready for the link')) return;
      placed = true;
      symlinkSync(project.sshKey, late);
    });
    rmSync(late, { force: true });
    expect(placed).toBe(true);
    expect(run.code).toBe(1);
    const expected =
      sandbox === 'os'
        ? 'no such file or directory' // the key is not in the sandbox's view of the disk
        : `data/late leads through a link to ${project.sshKey}, outside the declared paths`;
    expect(run.stderr).toContain(expected);
    expectHostUnchanged(project, before, { ...run, stderr: run.stderr.replaceAll(project.sshKey, '') });
  });

  test.each([
    ['flood-stdout', 'wrote more than 1 MiB to stdout'],
    ['flood-stderr', 'wrote more than 1 MiB to stderr'],
    ['huge-result', 'returned a result larger than 4 MiB'],
  ])('7. %s is cut off at its cap and the run fails clearly', async (tool, what) => {
    const run = await attack(sandbox, tool);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    // What reached the user is the cap (the tool's own output shown on stderr) and the error.
    expect(run.stderr.length).toBeLessThan(1024 * 1024 + 4096);
    expect(run.stderr.slice(-300)).toContain(
      `error TOOL_OUTPUT_TOO_LARGE: The tool ${tool} ${what} and was stopped.`,
    );
  });
});

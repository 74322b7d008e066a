// Starts the sandboxed child and watches it (docs/sandbox.md, "Limits and caps"): the request on its
// stdin; its stdout and stderr shown on the CLI's stderr up to their caps; its result read from
// file descriptor 3 up to its cap; the time limit (SIGKILL), the CPU-time limit (RLIMIT_CPU) and
// no core files (RLIMIT_CORE 0), both set by `ulimit` in the shell that execs the sandbox; and
// the memory limit (V8's heap flag, plus a watchdog summing the resident memory of the child's
// whole process tree). Passing any limit or cap stops the tool and fails the run.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { CliError } from '../exit.js';
import type { Boundary } from './boundary.js';
import type { ChildRequest, ChildResponse } from './protocol.js';

/** Bytes a tool may write to stdout, to stderr, and return as its result (docs/sandbox.md). */
export const OUTPUT_CAPS = { stdout: 1024 * 1024, stderr: 1024 * 1024, result: 4 * 1024 * 1024 } as const;
/** Resident memory allowed beyond the heap limit for Node itself (code, stacks, buffers). */
const RSS_ALLOWANCE_MB = 128;
const WATCHDOG_MS = 100;

type Stop = 'timeout' | 'memory' | keyof typeof OUTPUT_CAPS;

export interface ChildOutcome {
  response: ChildResponse | undefined;
  /** Set when the CLI stopped the tool for passing a limit or a cap. */
  stopped: Stop | undefined;
  /** The result channel held something that is not a response. */
  malformed: string | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderrTail: string;
}

const failureSchema = z.object({
  name: z.string(),
  message: z.string(),
  code: z.string().optional(),
  permission: z.string().optional(),
  resource: z.string().optional(),
  stack: z.string().optional(),
});
const responseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), output: z.unknown() }),
  z.object({ type: z.literal('error'), error: failureSchema }),
]);

/** Resident memory in MB of `pid` and every process below it, from /proc (undefined elsewhere). */
async function treeResidentMb(pid: number): Promise<number | undefined> {
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => undefined);
  const pages = statm ? Number(statm.split(' ')[1]) : NaN;
  if (!Number.isFinite(pages)) return undefined;
  let total = (pages * 4096) / (1024 * 1024);
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  for (const child of children.split(' ').filter(Boolean))
    total += (await treeResidentMb(Number(child))) ?? 0;
  return total;
}

/**
 * The CPU time a tool may use (docs/sandbox.md, "Limits and caps"): one second more than its time
 * limit, so that a tool on one thread meets the time limit first (Node's own threads add CPU time
 * beside the tool's), while a tool burning several threads meets this one.
 */
export function cpuSeconds(timeoutMs: number): number {
  return Math.max(1, Math.ceil(timeoutMs / 1000)) + 1;
}

/**
 * The shell line that sets the CPU-time limit and forbids core files, then execs the command. The
 * soft limit sends SIGXCPU, which ends the tool and names the limit; the hard one, a second later,
 * is SIGKILL for a tool that ignores it (at equal limits the kernel sends SIGKILL at once). The
 * soft limit is set first: a hard limit below the current soft one is refused.
 */
function limitedCommand(command: string[], timeoutMs: number): [string, string[]] {
  const [file = '', ...args] = command;
  if (process.platform === 'win32') return [file, args];
  const soft = cpuSeconds(timeoutMs);
  const line = `ulimit -c 0 && ulimit -S -t ${soft} && ulimit -H -t ${soft + 1} && exec "$@"`;
  return ['/bin/sh', ['-c', line, 'pkg-run', file, ...args]];
}

export interface RunChildOptions {
  command: string[];
  request: ChildRequest;
  env: NodeJS.ProcessEnv;
  limits: { timeoutMs: number; memoryMb: number };
  /** The seccomp filter, written to the child's fd 4 (bubblewrap reads it from there). */
  seccomp?: Buffer | undefined;
}

export function runChild(options: RunChildOptions): Promise<ChildOutcome> {
  const { request, limits } = options;
  const [file, args] = limitedCommand(options.command, limits.timeoutMs);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: request.projectDir,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', options.seccomp ? 'pipe' : 'ignore'],
    });
    const outcome: ChildOutcome = {
      response: undefined,
      stopped: undefined,
      malformed: undefined,
      code: null,
      signal: null,
      stderrTail: '',
    };
    const stop = (reason: Stop) => {
      outcome.stopped ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), limits.timeoutMs);
    const watchdog = setInterval(() => {
      if (child.pid === undefined) return;
      void treeResidentMb(child.pid).then((mb) => {
        if (mb !== undefined && mb > limits.memoryMb + RSS_ALLOWANCE_MB) stop('memory');
      });
    }, WATCHDOG_MS);
    const [stdin, stdout, stderr, result, seccomp] = child.stdio;
    if (!stdin || !stdout || !stderr || !result) throw new Error('the sandbox child has no stdio pipes');
    const counted = { stdout: 0, stderr: 0, result: 0 };
    const count = (which: keyof typeof OUTPUT_CAPS, chunk: Buffer): boolean => {
      counted[which] += chunk.length;
      if (counted[which] <= OUTPUT_CAPS[which]) return true;
      stop(which);
      return false;
    };
    stdout.on('data', (chunk: Buffer) => {
      if (count('stdout', chunk)) process.stderr.write(chunk);
    });
    stderr.on('data', (chunk: Buffer) => {
      if (!count('stderr', chunk)) return;
      process.stderr.write(chunk);
      outcome.stderrTail = (outcome.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    const resultChunks: Buffer[] = [];
    result.on('data', (chunk: Buffer) => {
      if (count('result', chunk)) resultChunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      const text = Buffer.concat(resultChunks).toString('utf8');
      const line = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : undefined);
      if (line) {
        try {
          const parsed = responseSchema.safeParse(JSON.parse(line));
          if (parsed.success) outcome.response = parsed.data;
          else outcome.malformed = 'the result channel held something other than a result';
        } catch {
          outcome.malformed = 'the result channel held something other than JSON';
        }
      }
      resolvePromise({ ...outcome, code, signal });
    });
    for (const stream of [stdin, seccomp]) stream?.on('error', () => undefined); // a child that dies early
    if (seccomp && 'end' in seccomp) seccomp.end(options.seccomp);
    stdin.end(JSON.stringify(request));
  });
}

const MiB = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

export function outcomeError(
  outcome: ChildOutcome,
  tool: string,
  limits: { timeoutMs: number; memoryMb: number },
  boundary: Boundary,
): CliError {
  const stopped = outcome.stopped;
  if (stopped === 'timeout') {
    return new CliError(
      'TOOL_TIMEOUT',
      `The tool ${tool} did not finish within ${limits.timeoutMs / 1000} s and was killed.`,
      { hint: 'Raise the limit with --timeout <seconds> if the tool needs longer.' },
    );
  }
  if (outcome.signal === 'SIGXCPU' || outcome.code === 128 + 24) {
    return new CliError(
      'TOOL_TIMEOUT',
      `The tool ${tool} used more than ${cpuSeconds(limits.timeoutMs)} s of CPU time and was killed.`,
      { hint: 'Raise the limit with --timeout <seconds> if the tool needs longer.' },
    );
  }
  if (stopped === 'memory' || /heap out of memory|Reached heap limit/.test(outcome.stderrTail)) {
    return new CliError(
      'TOOL_OUT_OF_MEMORY',
      `The tool ${tool} used more than its memory limit of ${limits.memoryMb} MB and was stopped.`,
      { hint: 'Raise the limit with --memory <MB> if the tool needs more.' },
    );
  }
  if (stopped) {
    const what = stopped === 'result' ? 'returned a result larger than' : `wrote more than`;
    const where = stopped === 'result' ? '' : ` to ${stopped}`;
    return new CliError(
      'TOOL_OUTPUT_TOO_LARGE',
      `The tool ${tool} ${what} ${MiB(OUTPUT_CAPS[stopped])}${where} and was stopped.`,
      { hint: 'docs/sandbox.md lists the caps on what a tool may print and return.' },
    );
  }
  const bwrapError = /^bwrap: (.+)$/m.exec(outcome.stderrTail)?.[1];
  if (boundary.kind === 'os' && bwrapError && !outcome.response) {
    return new CliError('SANDBOX_UNAVAILABLE', `The OS sandbox could not start: ${bwrapError}.`, {
      hint: 'Run pkg doctor to see why; pkg run --sandbox=node uses the weaker boundary.',
    });
  }
  if (outcome.malformed) {
    return new CliError('TOOL_FAILED', `The tool ${tool} failed: ${outcome.malformed}.`, {
      hint: 'This is a bug in the package; report it to its maintainers.',
    });
  }
  const how = outcome.signal ? `signal ${outcome.signal}` : `exit code ${outcome.code ?? 'unknown'}`;
  return new CliError('TOOL_FAILED', `The tool ${tool} ended (${how}) without returning a result.`, {
    hint: 'Its output above (stderr) may say why.',
  });
}

// CPU time of the processes in a load run, from /proc (Linux): utime + stime of a process
// (every thread of it: a Node process's libuv pool and GC threads count) and of its children
// (nginx's workers), the bench's own process (the load generator) and the whole machine
// (/proc/stat), and each process's read and write system calls (/proc/<pid>/io), so that a run
// can say which process held the cores, how much the machine's other work took, and how many
// socket reads and writes a request cost; and the context switches of each main thread. CPU figures are in cores: seconds per second of the run.
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** utime + stime of one process, in seconds; 0 once it is gone. */
function ownSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function childrenOf(pid: number): number[] {
  const text = read(`/proc/${pid}/task/${pid}/children`) ?? '';
  return text.split(' ').filter(Boolean).map(Number);
}

/** CPU seconds of `pid` and of its descendants now alive (nginx's master and its workers). */
export function cpuSeconds(pid: number): number {
  return ownSeconds(pid) + childrenOf(pid).reduce((n, child) => n + cpuSeconds(child), 0);
}

/** Read and write system calls of `pid` and its descendants so far (/proc/<pid>/io). */
export function ioCalls(pid: number): number {
  const io = read(`/proc/${pid}/io`) ?? '';
  const count = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? 0);
  return count('syscr') + count('syscw') + childrenOf(pid).reduce((n, child) => n + ioCalls(child), 0);
}

/** Times the main thread of `pid` left the CPU, by waiting or by preemption (/proc/<pid>/status). */
export function contextSwitches(pid: number): { voluntary: number; preempted: number } {
  const status = read(`/proc/${pid}/status`) ?? '';
  const count = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)$`, 'm').exec(status)?.[1] ?? 0);
  return { voluntary: count('voluntary_ctxt_switches'), preempted: count('nonvoluntary_ctxt_switches') };
}

/** Busy and total seconds of the whole machine, added over its cores (/proc/stat, first line). */
function machineSeconds(): { busy: number; total: number } {
  const line = (read('/proc/stat') ?? '').split('\n')[0] ?? '';
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>((n, x) => n + (x ?? 0), 0);
  return { busy: busy / TICKS_PER_SECOND, total: (busy + (idle ?? 0) + (iowait ?? 0)) / TICKS_PER_SECOND };
}

export interface CpuShare {
  /** Cores each named process used on average over the run. */
  cores: Record<string, number>;
  /** Read and write system calls each named process made over the run (sockets, files). */
  ioCalls: Record<string, number>;
  /** Context switches of each named process's main thread over the run. */
  switches: Record<string, { voluntary: number; preempted: number }>;
  /** Cores the load generator (this process) used. */
  loadGenerator: number;
  /** Cores busy on the whole machine, and those busy outside every process named here. */
  machineBusy: number;
  others: number;
  /** Cores the machine has (from /proc/stat's totals over the run). */
  machineCores: number;
  wallSeconds: number;
}

/** Runs `during` and reports the CPU each process of `pids` (and this one) used meanwhile. */
export async function cpuDuring<T>(
  pids: Record<string, number>,
  during: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const calls = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, ioCalls(pid)]));
  const switched = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, contextSwitches(pid)]),
  );
  const self = process.cpuUsage();
  const machine = machineSeconds();
  const started = performance.now();
  const result = await during();
  const wallSeconds = (performance.now() - started) / 1000;
  const machineAfter = machineSeconds();
  const selfUsed = process.cpuUsage(self);
  const per = (seconds: number) => seconds / wallSeconds;
  const cores = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, per(cpuSeconds(pid) - (before[name] ?? 0))]),
  );
  const ioCallsDuring = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, ioCalls(pid) - (calls[name] ?? 0)]),
  );
  const switches = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => {
      const now = contextSwitches(pid);
      const then = switched[name] ?? { voluntary: 0, preempted: 0 };
      return [name, { voluntary: now.voluntary - then.voluntary, preempted: now.preempted - then.preempted }];
    }),
  );
  const loadGenerator = per((selfUsed.user + selfUsed.system) / 1e6);
  const machineBusy = per(machineAfter.busy - machine.busy);
  const ours = Object.values(cores).reduce((n, x) => n + x, loadGenerator);
  return {
    result,
    cpu: {
      cores,
      ioCalls: ioCallsDuring,
      switches,
      loadGenerator,
      machineBusy,
      others: Math.max(0, machineBusy - ours),
      machineCores: per(machineAfter.total - machine.total),
      wallSeconds,
    },
  };
}

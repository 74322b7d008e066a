// Runs inside the sandboxed child (bundled into dist/child-bootstrap.mjs), before the tool is
// imported: the process-level APIs that Node's permission model leaves open and a tool has no
// use for. Signals to other processes, opening another process's inspector
// (`process._debugProcess`), changing another process's priority, V8 flags set at run time
// (`--allow-natives-syntax` would reach V8's internals), trace-event files and diagnostic
// reports written outside the declared paths, and module customization hooks.
import module from 'node:module';
import os from 'node:os';
import traceEvents from 'node:trace_events';
import v8 from 'node:v8';
import { SANDBOX_CODES } from './protocol.js';
import { SandboxError } from './network-guard.js';

const refuse = (what: string) => () => {
  throw new SandboxError(SANDBOX_CODES.process, `${what} is not available to tools`);
};

function replace(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: false, configurable: false });
}

/** Signals to any other process (the CLI included) are refused; Node's permission model allows them. */
function guardSignals(): void {
  const deny = (pid: unknown) => {
    if (pid !== process.pid) {
      throw new SandboxError(SANDBOX_CODES.process, 'tools may not send signals to other processes');
    }
  };
  const kill = process.kill.bind(process);
  replace(process, 'kill', (pid: number, signal?: string | number) => {
    deny(pid);
    return kill(pid, signal);
  });
  const raw = process as unknown as Record<string, unknown>;
  const rawKill = raw._kill;
  if (typeof rawKill === 'function') {
    replace(process, '_kill', (pid: unknown, signal: unknown): unknown => {
      deny(pid);
      return (rawKill as (p: unknown, s: unknown) => unknown).call(process, pid, signal);
    });
  }
}

/** Diagnostic reports: writing one, or arranging for one to be written later, is refused. */
function guardReport(): void {
  const report = process.report as unknown as Record<string, unknown> | undefined;
  if (!report) return;
  const frozen: Record<string, unknown> = {};
  for (const key of ['getReport']) frozen[key] = (report[key] as () => unknown).bind(report);
  frozen.writeReport = refuse('process.report.writeReport');
  for (const key of [
    'directory',
    'filename',
    'compact',
    'signal',
    'reportOnFatalError',
    'reportOnSignal',
    'reportOnUncaughtException',
    'excludeNetwork',
  ]) {
    Object.defineProperty(frozen, key, {
      get: () => report[key],
      set: refuse(`process.report.${key}`),
      enumerable: true,
    });
  }
  Object.defineProperty(process, 'report', {
    value: Object.freeze(frozen),
    configurable: false,
    writable: false,
  });
}

export function installProcessGuard(): void {
  guardSignals();
  replace(process, '_debugProcess', refuse('process._debugProcess (the inspector of another process)'));
  replace(process, '_debugEnd', refuse('process._debugEnd'));
  replace(process, '_startProfilerIdleNotifier', refuse('process._startProfilerIdleNotifier'));
  const setPriority = os.setPriority.bind(os);
  replace(os, 'setPriority', (...args: unknown[]) => {
    if (args.length > 1 && args[0] !== 0 && args[0] !== process.pid)
      refuse('os.setPriority of another process')();
    return (setPriority as (...a: unknown[]) => void)(...args);
  });
  replace(v8, 'setFlagsFromString', refuse('v8.setFlagsFromString'));
  replace(v8, 'setHeapSnapshotNearHeapLimit', refuse('v8.setHeapSnapshotNearHeapLimit'));
  replace(traceEvents, 'createTracing', refuse('trace_events.createTracing (trace files)'));
  replace(module, 'register', refuse('module.register (loader hooks)'));
  guardReport();
}

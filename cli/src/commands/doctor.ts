// pkg doctor: which wall `pkg run` puts around a tool on this machine, and why. It starts a real
// OS sandbox (the same namespaces, file-system view and seccomp filter as a run, with Node
// inside) rather than trusting that a program exists, so a kernel without user namespaces shows
// up here, not in the middle of a run.
import { EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { INSTALL_LINE, sandboxChoice } from '../runtime/boundary.js';
import { probeOsSandbox } from '../runtime/os-sandbox/probe.js';
import { seccompDeniedCalls } from '../runtime/os-sandbox/seccomp.js';
import { OUTPUT_CAPS } from '../runtime/run-child.js';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../runtime/sandbox.js';

const MiB = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'tell which sandbox boundary pkg run uses here, and why',
  help: [
    'Starts a real OS sandbox with Node inside to check that it works on this machine.',
    'Exit 0 when the chosen boundary works; 1 when the OS sandbox is chosen but cannot run.',
  ].join('\n'),
  async run({ globals }) {
    const { choice, source } = sandboxChoice(undefined);
    const os = await probeOsSandbox();
    const seccomp = seccompDeniedCalls();
    const inForce = choice === 'node' ? 'node' : os.works ? 'os' : 'none';
    const report = {
      boundary: inForce,
      chosen: choice,
      source,
      os: os,
      seccomp: os.tool === 'bubblewrap' ? (seccomp ? { denied: seccomp } : null) : null,
      node: { version: process.version, permissionModel: true },
      limits: {
        timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
        memoryMb: DEFAULT_MEMORY_MB,
        stdoutBytes: OUTPUT_CAPS.stdout,
        stderrBytes: OUTPUT_CAPS.stderr,
        resultBytes: OUTPUT_CAPS.result,
      },
    };
    const failed = inForce === 'none';
    if (globals.json) {
      printJson(report);
      return failed ? EXIT.failure : undefined;
    }
    const osLine = os.works
      ? `OS sandbox: ${os.tool} at ${os.path}${os.version ? ` (${os.version})` : ''}: works (started Node inside in ${os.startMs} ms)`
      : `OS sandbox: not available: ${os.reason}`;
    const lines = [
      inForce === 'os'
        ? `boundary: os (${os.tool}, with Node's permission model inside), chosen by ${source}`
        : inForce === 'node'
          ? `boundary: node (Node's permission model only, the weaker boundary), chosen by ${source}`
          : `boundary: none: the OS sandbox is chosen (${source}) but cannot run, so pkg run refuses`,
      osLine,
      os.tool === 'bubblewrap'
        ? `seccomp filter: ${seccomp ? `on (${seccomp.length} kinds of system call refused)` : `none for ${process.arch}`}`
        : undefined,
      `Node: ${process.version}, permission model on`,
      `limits: ${DEFAULT_TIMEOUT_SECONDS} s, ${DEFAULT_MEMORY_MB} MB (--timeout, --memory); stdout ${MiB(OUTPUT_CAPS.stdout)}, stderr ${MiB(OUTPUT_CAPS.stderr)}, result ${MiB(OUTPUT_CAPS.result)}`,
      failed ? `to fix: ${INSTALL_LINE}` : undefined,
    ].filter((l): l is string => l !== undefined);
    printLines(lines);
    return failed ? EXIT.failure : undefined;
  },
});

// Which wall `pkg run` puts around a tool (docs/sandbox.md, "Choosing the boundary"): the OS
// boundary by default (bubblewrap on Linux, sandbox-exec on macOS), or, only when the user says
// so with `--sandbox=node` or the user-config key `sandbox`, the weaker boundary of Node's
// permission model and pkg's guards alone. A project's own files cannot choose it: a cloned
// repository must not be able to lower the wall around the tools it names.
import { existsSync } from 'node:fs';
import { CliError, EXIT } from '../exit.js';
import { readUserConfig } from '../lib/user-config.js';
import { type BubblewrapFeatures, bubblewrapFeatures, findBubblewrap } from './os-sandbox/bubblewrap.js';
import { buildSeccompFilter } from './os-sandbox/seccomp.js';

export const SANDBOX_CHOICES = ['os', 'node'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];
export type ChoiceSource = '--sandbox' | 'user config' | 'default';

export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

export type Boundary =
  | {
      kind: 'os';
      tool: 'bubblewrap';
      path: string;
      features: BubblewrapFeatures;
      seccomp: Buffer | undefined;
      source: ChoiceSource;
    }
  | { kind: 'os'; tool: 'sandbox-exec'; path: string; seccomp?: undefined; source: ChoiceSource }
  | { kind: 'node'; source: ChoiceSource };

export const INSTALL_LINE =
  'install bubblewrap (sudo apt-get install bubblewrap on Debian and Ubuntu, sudo dnf install bubblewrap on Fedora), or run with --sandbox=node for the weaker boundary';

export const NODE_BOUNDARY_WARNING =
  "pkg: warning: the OS sandbox is off (--sandbox=node): the tool runs behind Node's permission model and pkg's guards only, a weaker boundary (docs/sandbox.md).\n";

export function parseSandboxChoice(value: unknown, what: string): SandboxChoice {
  const found = SANDBOX_CHOICES.find((c) => c === value);
  if (found) return found;
  throw new CliError(
    'BAD_REQUEST',
    `${what} must be one of ${SANDBOX_CHOICES.join(', ')} (got ${JSON.stringify(value)}).`,
    {
      exitCode: EXIT.invalidInput,
      hint: "os: the OS sandbox (the default); node: Node's permission model only.",
    },
  );
}

/** The choice and where it came from: --sandbox, then the user config, then `os`. */
export function sandboxChoice(flag: unknown): { choice: SandboxChoice; source: ChoiceSource } {
  if (flag !== undefined) return { choice: parseSandboxChoice(flag, '--sandbox'), source: '--sandbox' };
  const configured = readUserConfig().sandbox;
  if (configured !== undefined)
    return { choice: parseSandboxChoice(configured, 'The user config key sandbox'), source: 'user config' };
  return { choice: 'os', source: 'default' };
}

/** What the OS boundary would use on this machine, or why there is none. */
export function detectOsSandbox():
  { tool: 'bubblewrap' | 'sandbox-exec'; path: string } | { missing: string } {
  if (process.platform === 'linux') {
    const path = findBubblewrap();
    return path
      ? { tool: 'bubblewrap', path }
      : { missing: 'bubblewrap (bwrap) is not installed or not on PATH' };
  }
  if (process.platform === 'darwin') {
    return existsSync(SANDBOX_EXEC)
      ? { tool: 'sandbox-exec', path: SANDBOX_EXEC }
      : { missing: `${SANDBOX_EXEC} is missing` };
  }
  return { missing: `pkg has no OS sandbox for ${process.platform}` };
}

/** The boundary for this run; refuses with the install line when the OS sandbox is chosen but missing. */
export function chooseBoundary(flag: unknown): Boundary {
  const { choice, source } = sandboxChoice(flag);
  if (choice === 'node') return { kind: 'node', source };
  const os = detectOsSandbox();
  if ('missing' in os) {
    throw new CliError(
      'SANDBOX_UNAVAILABLE',
      `The OS sandbox is not available: ${os.missing}; ${INSTALL_LINE}.`,
      {
        hint: 'pkg doctor shows which boundary is in force and why.',
      },
    );
  }
  if (os.tool === 'bubblewrap') {
    const features = bubblewrapFeatures(os.path);
    return { kind: 'os', tool: 'bubblewrap', path: os.path, features, seccomp: buildSeccompFilter(), source };
  }
  return { kind: 'os', tool: 'sandbox-exec', path: os.path, source };
}

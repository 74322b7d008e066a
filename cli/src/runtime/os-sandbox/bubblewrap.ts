// The Linux OS boundary: the bubblewrap command line that starts the tool (docs/sandbox.md,
// "The OS boundary on Linux"). New user, PID, IPC, UTS, cgroup and network namespaces; no capabilities;
// no further user namespaces; the seccomp filter of seccomp.ts; and a file-system view built
// from nothing: the system's read-only program directories (for Node itself), the package and
// the declared read paths read-only, the declared write paths writable, a private /tmp, and the
// proxy's socket. The project and the home directory are not there.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import semver from 'semver';
import type { SandboxView } from './view.js';

/** Where the proxy's socket appears inside the sandbox. */
export const SANDBOX_PROXY_SOCKET = '/run/pkg/net.sock';
/** Size of the sandbox's private /tmp. */
export const SANDBOX_TMP_BYTES = 64 * 1024 * 1024;
/** The file descriptor the child reads the seccomp filter from. */
export const SECCOMP_FD = 4;

/** The system directories Node needs, read-only; merged-/usr links are recreated as links. */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
const SYSTEM_FILES = ['/etc/localtime', '/etc/ld.so.cache', '/etc/ld.so.conf'];

/** `bwrap` on PATH, or undefined (a PATH without it means: not installed). */
export function findBubblewrap(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'bwrap');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** What this bubblewrap supports: `--disable-userns` and `--size` came with 0.8 and 0.7. */
export interface BubblewrapFeatures {
  version: string | undefined;
  disableUserns: boolean;
  tmpfsSize: boolean;
}

export function bubblewrapFeatures(path: string): BubblewrapFeatures {
  const out = spawnSync(path, ['--version'], { encoding: 'utf8', env: {} }).stdout ?? '';
  const version = semver.coerce(out)?.version;
  const atLeast = (v: string) => version !== undefined && semver.gte(version, v);
  return { version, disableUserns: atLeast('0.8.0'), tmpfsSize: atLeast('0.7.0') };
}

function systemMounts(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (stat?.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const file of SYSTEM_FILES) args.push('--ro-bind-try', file, file);
  return args;
}

/** Node itself, when it lives outside the system directories (nvm, a tarball in the home). */
function nodeMounts(execPath: string): string[] {
  const real = realpathSync(execPath);
  const inSystem = (p: string) => SYSTEM_DIRS.some((d) => p === d || p.startsWith(d + sep));
  const args: string[] = [];
  for (const p of new Set([real, execPath])) if (!inSystem(p)) args.push('--ro-bind', real, p);
  return args;
}

/** Deeper paths last, so that a more specific mount (the package inside a writable `.`) wins. */
function viewMounts(view: SandboxView): string[] {
  const mounts: [flag: string, path: string][] = [
    ...view.reads.map((p): [string, string] => ['--ro-bind', p]),
    ...view.writes.map((p): [string, string] => ['--bind', p]),
    ['--ro-bind', view.packageDir],
    ['--ro-bind', view.bootstrap],
    ...(view.moduleScope ? [['--ro-bind', view.moduleScope] as [string, string]] : []),
  ];
  const depth = (p: string) => p.split(sep).length;
  mounts.sort((a, b) => depth(a[1]) - depth(b[1]) || (a[0] === '--bind' ? -1 : 1));
  return mounts.flatMap(([flag, p]) => [flag, p, p]);
}

/** The bwrap arguments up to and including `--`; the Node command line follows. */
export function bubblewrapArgs(
  view: SandboxView,
  options: { seccomp: boolean; features: BubblewrapFeatures },
): string[] {
  const { features } = options;
  return [
    '--die-with-parent',
    '--new-session',
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-net',
    '--unshare-cgroup-try',
    // Older versions: the seccomp filter still refuses unshare, setns and clone into a namespace.
    ...(features.disableUserns ? ['--disable-userns'] : []),
    '--cap-drop',
    'ALL',
    '--hostname',
    'pkg-sandbox',
    ...systemMounts(),
    ...nodeMounts(process.execPath),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...(features.tmpfsSize ? ['--size', String(SANDBOX_TMP_BYTES)] : []),
    '--tmpfs',
    '/tmp',
    '--dir',
    view.projectDir,
    ...viewMounts(view),
    '--dir',
    '/run/pkg',
    '--bind',
    view.proxySocket,
    SANDBOX_PROXY_SOCKET,
    '--chdir',
    view.projectDir,
    ...(options.seccomp ? ['--seccomp', String(SECCOMP_FD)] : []),
    '--',
  ];
}

// The command line that starts Node inside the OS boundary: bubblewrap on Linux
// (bubblewrap.ts, with the seccomp filter), sandbox-exec on macOS with a Seatbelt profile that
// denies by default and allows the same view: the system's libraries, Node, the package and the
// declared paths, a private temporary directory, and the proxy's socket as the only network.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Boundary } from '../boundary.js';
import { bubblewrapArgs, SANDBOX_PROXY_SOCKET } from './bubblewrap.js';
import type { SandboxView } from './view.js';

export interface OsCommand {
  command: string[];
  seccomp: Buffer | undefined;
  /** The proxy's socket as the tool sees it. */
  proxySocket: string;
}

const quote = (path: string) => JSON.stringify(path); // SBPL strings take JSON's escapes

/** The Seatbelt profile (sandbox-exec) for `view`; `tmp` is the run's private temporary directory. */
export function seatbeltProfile(view: SandboxView, tmp: string): string {
  const node = realpathSync(process.execPath);
  const readable = [view.packageDir, ...view.reads].map((p) => `(subpath ${quote(p)})`);
  const files = [view.bootstrap, view.moduleScope].filter((p): p is string => !!p);
  return [
    '(version 1)',
    '(deny default)',
    `(allow process-exec (literal ${quote(node)}))`,
    '(allow signal (target self))',
    '(allow sysctl-read)',
    '(allow file-read-metadata)',
    '(allow file-read* (subpath "/usr/lib") (subpath "/usr/share") (subpath "/System") (subpath "/private/var/db/dyld")',
    `  (literal ${quote(node)}) (subpath ${quote(dirname(node))})`,
    '  (literal "/dev/null") (literal "/dev/urandom") (literal "/dev/random")',
    `  ${[...readable, ...files.map((f) => `(literal ${quote(f)})`)].join(' ')})`,
    `(allow file-read* file-write* (subpath ${quote(tmp)}) ${view.writes.map((p) => `(subpath ${quote(p)})`).join(' ')})`,
    '(allow file-write-data (literal "/dev/null"))',
    `(allow network-outbound (remote unix-socket (path-literal ${quote(view.proxySocket)})))`,
    '',
  ].join('\n');
}

export function osSandboxCommand(
  boundary: Extract<Boundary, { kind: 'os' }>,
  view: SandboxView,
  node: string[],
  workDir: string,
): OsCommand {
  if (boundary.tool === 'bubblewrap') {
    return {
      command: [
        boundary.path,
        ...bubblewrapArgs(view, { seccomp: !!boundary.seccomp, features: boundary.features }),
        ...node,
      ],
      seccomp: boundary.seccomp,
      proxySocket: SANDBOX_PROXY_SOCKET,
    };
  }
  const tmp = join(workDir, 'tmp');
  mkdirSync(tmp);
  const profile = join(workDir, 'profile.sb');
  writeFileSync(profile, seatbeltProfile(view, tmp));
  return {
    command: [boundary.path, '-f', profile, ...node],
    seccomp: undefined,
    proxySocket: view.proxySocket,
  };
}

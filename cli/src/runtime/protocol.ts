// What the CLI and the sandboxed child process say to each other. The CLI writes one
// `ChildRequest` as JSON on the child's stdin; the child answers with one `ChildResponse` as JSON
// on file descriptor 3 (the result channel), which the CLI reads up to its cap. The tool's own
// stdout and stderr never carry the result.

/** The child's end of the result channel. */
export const RESULT_FD = 3;

export interface ChildRequest {
  /** Absolute path of the tool's entry file. */
  entry: string;
  packageDir: string;
  projectDir: string;
  input: unknown;
  /** `permissions.network` of the manifest: host names and `*.suffix` patterns. */
  network: string[];
  /** `permissions.env` of the manifest. */
  env: string[];
  /** Plain http to a declared loopback host (tests only: PKG_RUN_ALLOW_HTTP_LOOPBACK=1). */
  allowHttpLoopback: boolean;
  /** Under the OS boundary: the network proxy's socket inside the sandbox. */
  proxySocket?: string | undefined;
  /** Real paths the tool may reach through the file system (package, bootstrap, declared paths). */
  fsRoots: string[];
}

export interface ChildFailure {
  name: string;
  message: string;
  code?: string | undefined;
  /** Node's permission model: `FileSystemRead`, `FileSystemWrite`, `ChildProcess`, `WorkerThreads`... */
  permission?: string | undefined;
  /** The path (or other resource) that was refused. */
  resource?: string | undefined;
  stack?: string | undefined;
}

export type ChildResponse = { type: 'result'; output: unknown } | { type: 'error'; error: ChildFailure };

/** Error codes raised by the child's guards (network, env, processes, links). */
export const SANDBOX_CODES = {
  network: 'PKG_NETWORK_DENIED',
  env: 'PKG_ENV_DENIED',
  process: 'PKG_PROCESS_DENIED',
  link: 'PKG_LINK_DENIED',
} as const;

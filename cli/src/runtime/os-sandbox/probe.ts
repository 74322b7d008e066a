// Does the OS boundary work here? Starts Node inside a real sandbox built exactly as for a run
// (namespaces, view, seccomp filter) with an empty module as the tool, for `pkg doctor`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectOsSandbox } from '../boundary.js';
import { bubblewrapFeatures } from './bubblewrap.js';
import { buildSeccompFilter } from './seccomp.js';
import { osSandboxCommand } from './os-command.js';
import type { SandboxView } from './view.js';

export type OsProbe =
  | {
      works: true;
      tool: 'bubblewrap' | 'sandbox-exec';
      path: string;
      version: string | undefined;
      startMs: number;
    }
  | {
      works: false;
      tool: 'bubblewrap' | 'sandbox-exec' | undefined;
      path: string | undefined;
      reason: string;
    };

function run(
  command: string[],
  stdin?: Buffer,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const [file = '', ...args] = command;
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe', 'ignore', stdin ? 'pipe' : 'ignore'],
      env: {},
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (error) => resolve({ code: -1, stdout, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    const fd4 = child.stdio[4];
    if (stdin && fd4 && 'end' in fd4) fd4.end(stdin);
  });
}

export async function probeOsSandbox(): Promise<OsProbe> {
  const found = detectOsSandbox();
  if ('missing' in found) return { works: false, tool: undefined, path: undefined, reason: found.missing };
  const dir = mkdtempSync(join(tmpdir(), 'pkg-doctor-'));
  try {
    const view: SandboxView = {
      projectDir: join(dir, 'project'),
      packageDir: join(dir, 'project', 'package'),
      bootstrap: join(dir, 'probe.mjs'),
      reads: [],
      writes: [],
      nodeReads: [],
      nodeWrites: [],
      proxySocket: join(dir, 'net.sock'),
    };
    mkdirSync(view.packageDir, { recursive: true });
    writeFileSync(view.bootstrap, '');
    writeFileSync(view.proxySocket, '');
    const seccomp = found.tool === 'bubblewrap' ? buildSeccompFilter() : undefined;
    const node = [
      process.execPath,
      '--experimental-permission',
      `--allow-fs-read=${view.bootstrap}`,
      view.bootstrap,
    ];
    const boundary =
      found.tool === 'bubblewrap'
        ? ({
            kind: 'os',
            tool: 'bubblewrap',
            path: found.path,
            features: bubblewrapFeatures(found.path),
            seccomp,
            source: 'default',
          } as const)
        : ({ kind: 'os', tool: 'sandbox-exec', path: found.path, source: 'default' } as const);
    const { command } = osSandboxCommand(boundary, view, node, dir);
    const started = performance.now();
    const result = await run(command, seccomp);
    const startMs = Math.round(performance.now() - started);
    if (result.code !== 0) {
      const reason = result.stderr.trim().split('\n')[0] || `exit code ${String(result.code)}`;
      return {
        works: false,
        tool: found.tool,
        path: found.path,
        reason: `${found.tool} could not start Node: ${reason}`,
      };
    }
    const version = boundary.tool === 'bubblewrap' ? boundary.features.version : undefined;
    return {
      works: true,
      tool: found.tool,
      path: found.path,
      version: version ? `bubblewrap ${version}` : undefined,
      startMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

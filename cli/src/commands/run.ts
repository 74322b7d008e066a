// pkg run <@ns/name> <tool> [--input JSON | --input-file F]: the only way package code runs.
// Loads the installed package with the runtime loader (validation, schemas), validates the input,
// runs the tool in the sandbox (docs/sandbox.md) and prints its output as JSON on stdout. A
// package whose installed files changed since install is refused, naming the file (docs/trust.md).
import { readFile, stat } from 'node:fs/promises';
import { parsePackageId } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson } from '../lib/output.js';
import { ungranted } from '../install/permissions.js';
import { findProject, packageDir, readLockFile, readProjectManifest } from '../lib/project/project.js';
import { loadInstalledPackage } from '../runtime/load-package.js';
import { requireUnmodified } from '../trust/installed-files.js';
import { chooseBoundary, NODE_BOUNDARY_WARNING } from '../runtime/boundary.js';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, runTool } from '../runtime/sandbox.js';

function invalid(message: string, hint?: string): CliError {
  return new CliError('BAD_REQUEST', message, {
    exitCode: EXIT.invalidInput,
    hint: hint ?? 'Run pkg run --help for the usage.',
  });
}

function positiveNumber(value: unknown, option: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(n) || n <= 0 || n > max) {
    throw invalid(`${option} must be a number between 0 and ${max} (got ${JSON.stringify(value)}).`);
  }
  return n;
}

async function readInput(options: Record<string, unknown>): Promise<unknown> {
  const { input, inputFile } = options;
  if (input !== undefined && inputFile !== undefined)
    throw invalid('Give --input or --input-file, not both.');
  let text = '{}';
  let source = '--input';
  if (typeof input === 'string') text = input;
  if (typeof inputFile === 'string') {
    source = inputFile;
    text = await readFile(inputFile, 'utf8').catch((error: unknown) => {
      throw invalid(`Cannot read ${inputFile}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalid(`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const runCommand = defineCommand({
  name: 'run',
  summary: 'run a tool of an installed package inside the sandbox and print its output as JSON',
  help: [
    'The tool runs in a separate Node process limited to the permissions its manifest declares,',
    "inside the OS sandbox (bubblewrap on Linux, sandbox-exec on macOS) and Node's permission",
    "model (docs/sandbox.md). The output is printed as JSON on stdout; the tool's own console",
    'output goes to stderr (at most 1 MiB each; a result of at most 4 MiB).',
    'With --json: { tool, package, version, output, durationMs, sandbox }.',
    '',
    '--sandbox=node (or `pkg config set sandbox node`) runs without the OS sandbox, behind',
    "Node's permission model only: a weaker boundary, announced on every run. pkg doctor",
    'tells which boundary is in force.',
    '',
    'Examples:',
    '  pkg run @acme/hello hello --input \'{"name":"Ada"}\'',
    '  pkg run @acme/hello hello --input-file input.json --timeout 10 --memory 128',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<package>', 'installed package, @<namespace>/<name>')
      .argument('<tool>', 'tool name from the package manifest')
      .option('--input <json>', 'the tool input as JSON (default: {})')
      .option('--input-file <file>', 'read the tool input from a JSON file')
      .option('--timeout <seconds>', `time limit (default: ${DEFAULT_TIMEOUT_SECONDS})`)
      .option('--memory <MB>', `memory limit (default: ${DEFAULT_MEMORY_MB})`)
      .option('--sandbox <os|node>', 'the boundary: os (default) or node (weaker; see pkg doctor)'),
  async run({ positionals, options, globals }) {
    const [id, toolName] = positionals.map((p) => (typeof p === 'string' ? p : ''));
    const parsed = parsePackageId(id ?? '');
    if (!id || !parsed) throw invalid(`${id || '(missing)'} is not a package id @<namespace>/<name>.`);
    const timeout = positiveNumber(options.timeout, '--timeout', 3600);
    const memory = positiveNumber(options.memory, '--memory', 16384);
    const input = await readInput(options);
    const boundary = chooseBoundary(options.sandbox);

    const project = findProject();
    const dir = packageDir(project, id);
    if (!(await stat(dir).catch(() => undefined))) {
      throw new CliError('PACKAGE_NOT_INSTALLED', `${id} is not installed in ${project.root}.`, {
        hint: `Install it first: pkg install ${id}`,
      });
    }
    requireUnmodified(id, dir, readLockFile(project)?.packages[id]);
    const pkg = await loadInstalledPackage(dir, { expect: parsed });
    const missing = ungranted(
      pkg.manifest.permissions,
      readProjectManifest(project)?.packages[id]?.permissions,
    );
    if (missing.length > 0) {
      throw new CliError(
        'PERMISSIONS_REQUIRED',
        `${id} requests permissions that pkg.json does not grant; the tool was not run.`,
        {
          details: missing.map((message) => ({ path: id, code: 'PERMISSION_NOT_GRANTED', message })),
          hint: `Review them, then grant them with: pkg install ${id} --accept-permissions`,
        },
      );
    }
    const tool = pkg.tools.get(toolName ?? '');
    if (!tool) {
      const names = [...pkg.tools.keys()].join(', ') || 'none';
      throw invalid(`${id} has no tool named "${toolName ?? ''}".`, `Its tools: ${names}.`);
    }
    if (boundary.kind === 'node') process.stderr.write(NODE_BOUNDARY_WARNING);
    const result = await runTool({
      pkg,
      tool,
      input,
      boundary,
      projectDir: project.root,
      ...(timeout === undefined ? {} : { timeoutMs: timeout * 1000 }),
      ...(memory === undefined ? {} : { memoryMb: Math.ceil(memory) }),
    });
    if (!globals.json) return printJson(result.output);
    printJson({
      tool: tool.name,
      package: id,
      version: pkg.manifest.version,
      output: result.output,
      durationMs: result.durationMs,
      sandbox: boundary.kind === 'os' ? boundary.tool : 'node',
    });
  },
});

// pkg run <@ns/name> <tool> [--input JSON | --input-file F]: the only way package code runs.
// Reads the arguments, then hands the run to runInstalledTool (runtime/run-installed-tool.ts, the
// one path the MCP skills server shares): the installed files checked (docs/trust.md), the
// runtime loader, the granted permissions, the input validated, the sandbox (docs/sandbox.md).
// Prints the output as JSON on stdout.
import { readFile } from 'node:fs/promises';
import { parsePackageId } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson } from '../lib/output.js';
import { findProject } from '../lib/project/project.js';
import { chooseBoundary } from '../runtime/boundary.js';
import { limitOptions } from '../runtime/limit-options.js';
import { runInstalledTool } from '../runtime/run-installed-tool.js';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../runtime/sandbox.js';

function invalid(message: string, hint?: string): CliError {
  return new CliError('BAD_REQUEST', message, {
    exitCode: EXIT.invalidInput,
    hint: hint ?? 'Run pkg run --help for the usage.',
  });
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
    const limits = limitOptions(options, 'pkg run');
    const input = await readInput(options);
    const boundary = chooseBoundary(options.sandbox);

    const result = await runInstalledTool({
      project: findProject(),
      id,
      toolName: toolName ?? '',
      input,
      boundary,
      ...limits,
    });
    const { tool, pkg } = result;
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

// pkg mcp --data | --skills: an MCP tool server on stdio (official MCP TypeScript SDK). --data
// serves the data layer, every SDK operation a tool returning its envelope. --skills serves every
// tool of every package installed in the project, each call run by the path `pkg run` takes
// (docs/sandbox.md, "The MCP skills server"). One server a process: give exactly one of the two.
// Logs go to stderr only.
import { resolve } from 'node:path';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { findProject } from '../lib/project/project.js';
import { parseSandboxChoice } from '../runtime/boundary.js';
import { limitOptions } from '../runtime/limit-options.js';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../runtime/sandbox.js';
import { cliVersion } from '../version.js';

function usage(message: string): CliError {
  return new CliError('BAD_REQUEST', message, {
    exitCode: EXIT.invalidInput,
    hint: 'Run pkg mcp --data for the data-layer tools, or pkg mcp --skills for the installed packages’ tools.',
  });
}

async function serveData(): Promise<void> {
  const [{ createDataClient, createDataMcpServer }, { StdioServerTransport }] = await Promise.all([
    import('@pkg/shared/data'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const client = createDataClient();
  const server = createDataMcpServer(client, { name: 'pkg-data', version: cliVersion });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  process.stderr.write('pkg mcp --data: serving data-layer tools on stdio\n');
  await closed;
  await server.close();
  await client.close();
}

export const mcpCommand = defineCommand({
  name: 'mcp',
  summary: 'start an MCP tool server on stdio (--data: the data layer; --skills: the installed packages)',
  help: [
    'Give exactly one of --data and --skills (one server a process; configure two servers in the',
    'client for both).',
    '',
    '--data    the data layer: every data SDK operation is a tool returning its envelope.',
    '--skills  every tool of every package installed in the project (the nearest pkg.json',
    '          upwards from --project, else from the current directory), named',
    '          <namespace>__<name>__<tool>, with its JSON Schemas, and each SKILL.md as a',
    '          resource pkg://@<namespace>/<name>/SKILL.md. Each call runs as `pkg run` runs',
    '          it: installed files checked, permissions granted at install, input and output',
    '          validated, the sandbox and its limits (--timeout, --memory). A refusal or',
    '          failure is a tool result with isError. The list follows pkg install and',
    '          pkg remove. Nothing is asked on stdin: grant permissions at install',
    '          (pkg install --accept-permissions). docs/sandbox.md has the details.',
    '',
    'Examples:',
    '  pkg mcp --skills',
    '  pkg mcp --skills --sandbox node',
    '  pkg mcp --skills --project ~/code/my-agent',
    '  pkg mcp --data',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .option('--data', 'serve the data layer tools', false)
      .option('--skills', 'serve the tools of the packages installed in this project', false)
      .option(
        '--sandbox <os|node>',
        'with --skills: the boundary, os (default) or node (weaker; see pkg doctor)',
      )
      .option(
        '--timeout <seconds>',
        `with --skills: each call's time limit (default: ${DEFAULT_TIMEOUT_SECONDS})`,
      )
      .option('--memory <MB>', `with --skills: each call's memory limit (default: ${DEFAULT_MEMORY_MB})`)
      .option(
        '--project <dir>',
        'with --skills: find the project from this directory (default: the current one)',
      ),
  async run({ options }) {
    const data = options.data === true;
    const skills = options.skills === true;
    if (data === skills)
      throw usage(data ? 'Give one of --data and --skills, not both.' : 'pkg mcp needs --data or --skills.');
    for (const option of ['sandbox', 'project', 'timeout', 'memory'])
      if (options[option] !== undefined && !skills)
        throw usage(`--${option} applies to pkg mcp --skills only.`);
    if (options.sandbox !== undefined) parseSandboxChoice(options.sandbox, '--sandbox');
    const limits = limitOptions(options, 'pkg mcp');
    if (data) return serveData();
    const { serveSkills } = await import('../runtime/skills-server/serve-skills.js');
    const from = typeof options.project === 'string' ? resolve(options.project) : process.cwd();
    await serveSkills({ project: findProject(from), version: cliVersion, sandbox: options.sandbox, limits });
  },
});

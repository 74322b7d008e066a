// pkg mcp --data: the MCP tool server over the data layer, on stdio (official MCP TypeScript
// SDK). Every SDK operation is a tool returning its envelope. Logs go to stderr only.
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { cliVersion } from '../version.js';

export const mcpCommand = defineCommand({
  name: 'mcp',
  summary: 'start an MCP tool server on stdio (--data: the data layer)',
  configure: (cmd) => cmd.option('--data', 'serve the data layer tools', false),
  async run({ options }) {
    if (options.data !== true)
      throw new CliError('BAD_REQUEST', 'pkg mcp needs --data.', {
        exitCode: EXIT.invalidInput,
        hint: 'Run pkg mcp --data to serve the data-layer tools over stdio.',
      });
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
  },
});

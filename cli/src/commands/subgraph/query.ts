// pkg subgraph query <id> --query <text|@file> [--variables json]: a GraphQL query of a subgraph
// through The Graph gateway (THEGRAPH_API_KEY).
import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../../exit.js';
import { defineDataCommand } from '../../lib/data/data-command.js';

const invalid = (message: string) => new CliError('INVALID_INPUT', message, { exitCode: EXIT.invalidInput });

async function queryText(value: string): Promise<string> {
  if (!value.startsWith('@')) return value;
  try {
    return await readFile(value.slice(1), 'utf8');
  } catch (error) {
    throw invalid(
      `cannot read the query file ${value.slice(1)}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}

function variablesOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw invalid(`--variables is not JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('--variables must be a JSON object, e.g. {"first": 5}');
  return parsed as Record<string, unknown>;
}

export const subgraphQueryCommand = defineDataCommand({
  name: 'subgraph query',
  summary: 'a GraphQL query of a subgraph through The Graph gateway (needs THEGRAPH_API_KEY)',
  help: [
    'The subgraph id is yours to give (from The Graph Explorer); none is assumed.',
    'Examples:',
    '  pkg subgraph query 5zvR82Q… --query "{ pools(first: 5) { id } }"',
    '  pkg subgraph query 5zvR82Q… --query @pools.graphql --variables \'{"first": 5}\'',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<subgraph-id>', 'the subgraph id')
      .requiredOption('--query <text|@file>', 'the GraphQL query, or @ and a file holding it')
      .option('--variables <json>', 'query variables as a JSON object')
      .option('--operation-name <name>', 'the operation to run when the query holds several'),
  call: async (client, { positionals, options, fresh }) => {
    const variables = variablesOf(options.variables);
    return client.subgraph.query({
      subgraphId: String(positionals[0]),
      query: await queryText(String(options.query)),
      ...(variables ? { variables } : {}),
      ...(typeof options.operationName === 'string' ? { operationName: options.operationName } : {}),
      fresh,
    });
  },
});

// An MCP client from the official SDK starts `pkg mcp --data` over stdio, lists its tools and
// calls chain_info against the local RPC double.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPublicRpcServer, type RpcDouble } from '@pkg/shared/testing';
import { CLI, tempDir } from '../helpers/run-cli.js';

let rpc: RpcDouble;
const { dir, cleanup } = tempDir('pkg-cli-mcp-');
beforeAll(async () => {
  rpc = await startPublicRpcServer();
});
afterAll(async () => {
  await rpc.close();
  cleanup();
});

test('pkg mcp --data lists the tools and answers chain_info with the envelope', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--data'],
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_CONFIG_HOME: dir,
      PUBLIC_RPC_URL: rpc.url,
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'chain_info',
      'onchain_balance',
      'explorer_token_transfers',
      'inspect_wallet',
      'providers_health',
      'market_pair',
      'market_token_price',
      'market_ohlcv',
      'market_quotes',
      'market_price',
      'market_rankings',
      'security_token',
      'security_approvals',
      'wallet_portfolio',
      'stocks_quote',
      'ai_generate',
      'ai_models',
      'web_search',
      'web_extract',
      'web_map',
      'web_similar',
      'web_answer',
      'github_repo',
      'github_search_repos',
      'github_contents',
      'github_tree',
      'github_commits',
      'github_branches',
      'github_releases',
      'github_release',
      'github_issues',
      'github_pulls',
      'github_user',
      'github_search_code',
      'github_raw',
      'subgraph_query',
    ]),
  );
  expect(tools.find((t) => t.name === 'ai_generate')?.inputSchema).toMatchObject({
    type: 'object',
    required: expect.arrayContaining(['messages', 'maxTokens']),
  });
  const noModel = await client.callTool({
    name: 'ai_generate',
    arguments: { messages: [{ role: 'user', content: 'hi' }], maxTokens: 10 },
  });
  expect(noModel.isError).toBe(true);
  expect(JSON.parse((noModel.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
    code: 'INVALID_INPUT',
    message: expect.stringContaining('AI_DEFAULT_MODEL'),
  });
  expect(tools.find((t) => t.name === 'onchain_balance')?.inputSchema).toMatchObject({
    type: 'object',
    required: ['address'],
  });
  const result = await client.callTool({ name: 'chain_info', arguments: {} });
  const content = result.content as { type: string; text: string }[];
  expect(JSON.parse(content[0]?.text ?? '{}')).toMatchObject({
    status: 'LIVE',
    data: { chainId: 4663 },
    provenance: { source: 'public-rpc' },
  });
  const invalid = await client.callTool({ name: 'onchain_balance', arguments: { address: '0x1' } });
  expect(invalid.isError).toBe(true);
  await client.close();
});

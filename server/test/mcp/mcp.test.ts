// POST /mcp with the official MCP SDK client: the three discovery tools, SKILL.md read out of
// the stored archive (and out of a legacy JSON bundle), errors as tool results, and the
// HTTP-level rules: any valid token, 401 otherwise, 405 for other methods, no CORS headers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importLegacyBundle } from '../../src/services/registry/legacy-import-service.js';
import { issueToken } from '../../src/services/registry/token-service.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { packSample, publishArchive, sampleBundle } from '../legacy/sample-package.js';

let server: TestServer;
let manageToken: string;
let publishToken: string;
const clients: Client[] = [];

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = (result as CallToolResult).content;
  return content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

beforeAll(async () => {
  server = await startTestServer();
  const alice = await createUser(server.deps.registry, 'alice');
  manageToken = alice.token.token;
  publishToken = (await issueToken(server.deps.registry, 'alice', { kind: 'publish' })).token;
  for (const [version, body] of [
    ['1.0.0', '# weather\n\nThe first SKILL.md.\n'],
    ['1.1.0', '# weather\n\nAsk for the weather in a city; answers in Celsius.\n'],
  ] as const) {
    const pack = await packSample({
      namespace: 'acme',
      name: 'weather',
      version,
      description: 'Weather reports',
      body,
    });
    expect((await publishArchive(server.url, manageToken, pack.bytes)).status).toBe(201);
  }
  const bundle = sampleBundle({
    namespace: 'acme',
    name: 'old-tool',
    body: '# old-tool\n\nFrom a legacy bundle.\n',
  });
  await importLegacyBundle(server.deps.registry, Buffer.from(bundle));
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

describe('the MCP tools over POST /mcp', () => {
  test('lists exactly the three discovery tools', async () => {
    const client = await connect(manageToken);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_package', 'get_skill_md', 'search_packages']);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  test('reads the SKILL.md of the latest published version, or of an exact one', async () => {
    const client = await connect(publishToken);
    const latest = await client.callTool({ name: 'get_skill_md', arguments: { name: '@acme/weather' } });
    expect(latest.isError).toBeFalsy();
    expect(text(latest)).toContain('Ask for the weather in a city; answers in Celsius.');
    expect(text(latest)).toMatch(/^---\nname: weather\n/);
    const first = await client.callTool({
      name: 'get_skill_md',
      arguments: { name: '@acme/weather', version: '1.0.0' },
    });
    expect(text(first)).toContain('The first SKILL.md.');
  });

  test('reads the SKILL.md of a version imported from a legacy JSON bundle', async () => {
    const client = await connect(manageToken);
    const result = await client.callTool({ name: 'get_skill_md', arguments: { name: '@acme/old-tool' } });
    expect(text(result)).toContain('From a legacy bundle.');
  });

  test('searches packages', async () => {
    const client = await connect(manageToken);
    const result = await client.callTool({
      name: 'search_packages',
      arguments: { query: 'WEATHER', limit: 5 },
    });
    expect(result.structuredContent).toEqual({
      query: 'WEATHER',
      total: 1,
      page: 1,
      limit: 5,
      results: [
        {
          name: '@acme/weather',
          description: 'Weather reports',
          latest: '1.1.0',
          yanked: false,
          deprecated: null,
          weeklyDownloads: 0,
          verified: false,
          permissions: { fs: { read: [], write: [] }, network: [], env: [] },
          matched: ['name', 'description', 'skill'],
        },
      ],
    });
    const all = await client.callTool({ name: 'search_packages', arguments: { query: '' } });
    expect(JSON.parse(text(all))).toMatchObject({
      results: [{ name: '@acme/old-tool' }, { name: '@acme/weather' }],
    });
  });

  test('search_packages takes the filters and pages of packages.search', async () => {
    const client = await connect(manageToken);
    const call = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: 'search_packages', arguments: { query: '', ...args } });
      expect(result.isError, text(result)).toBeFalsy();
      return result.structuredContent as { total: number; page: number; results: { name: string }[] };
    };
    const names = async (args: Record<string, unknown>) => (await call(args)).results.map((r) => r.name);
    expect(await names({ namespace: 'acme' })).toEqual(['@acme/old-tool', '@acme/weather']);
    expect(await names({ namespace: 'nobody' })).toEqual([]);
    expect(await names({ noNetwork: true, noFileWrites: true, noEnv: true })).toEqual([
      '@acme/old-tool',
      '@acme/weather',
    ]);
    expect(await names({ verified: true })).toEqual([]);
    expect(await call({ limit: 1, page: 2 })).toMatchObject({
      total: 2,
      page: 2,
      results: [{ name: '@acme/weather' }],
    });
    expect(await names({ query: 'celsius' })).toEqual(['@acme/weather']);
    const bad = await client.callTool({ name: 'search_packages', arguments: { query: '', page: 0 } });
    expect(bad.isError).toBe(true);
  });

  test('gets a package with the record of its latest version', async () => {
    const client = await connect(manageToken);
    const result = await client.callTool({ name: 'get_package', arguments: { name: '@acme/weather' } });
    const body = result.structuredContent as {
      package: Record<string, unknown>;
      latest: Record<string, unknown>;
    };
    expect(body.package).toMatchObject({
      name: '@acme/weather',
      latest: '1.1.0',
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    expect(body.latest).toMatchObject({
      name: '@acme/weather',
      version: '1.1.0',
      manifest: { tools: [{ name: 'hello' }] },
      provenance: { recorded: true, publisher: { user: 'alice', via: 'token' } },
      signatures: [{ keyid: expect.stringMatching(/^SHA256:/), sig: expect.any(String) }],
      log: { index: expect.any(Number) },
      yanked: null,
      deprecated: null,
    });
  });

  test('shows a yanked version and a deprecation (docs/trust.md, "Yank and deprecate")', async () => {
    const auth = { authorization: `Bearer ${manageToken}`, 'content-type': 'application/json' };
    const yank = await fetch(`${server.url}/packages/acme/weather/1.0.0/yank`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ reason: 'wrong units' }),
    });
    expect(yank.status).toBe(200);
    const deprecate = await fetch(`${server.url}/packages/acme/weather/deprecation`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ range: '1.1.0', message: 'use 2.x' }),
    });
    expect(deprecate.status).toBe(200);
    const client = await connect(manageToken);
    const found = await client.callTool({ name: 'search_packages', arguments: { query: 'weather' } });
    expect(JSON.parse(text(found))).toMatchObject({ results: [{ latest: '1.1.0', deprecated: 'use 2.x' }] });
    const result = await client.callTool({ name: 'get_package', arguments: { name: '@acme/weather' } });
    const body = result.structuredContent as { package: { versions: unknown[] }; latest: unknown };
    expect(body.package.versions).toMatchObject([
      { version: '1.0.0', yanked: { reason: 'wrong units', by: 'alice' }, deprecated: null },
      { version: '1.1.0', yanked: null, deprecated: { message: 'use 2.x' } },
    ]);
    expect(body.latest).toMatchObject({ version: '1.1.0', deprecated: { message: 'use 2.x', by: 'alice' } });
    for (const [method, path, payload] of [
      ['DELETE', '/packages/acme/weather/1.0.0/yank', undefined],
      ['PUT', '/packages/acme/weather/deprecation', { range: '1.1.0', message: '' }],
    ] as const)
      await fetch(`${server.url}${path}`, {
        method,
        headers: auth,
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
  });

  test.each([
    ['get_package', { name: '@acme/missing' }, /^NOT_FOUND: Package @acme\/missing does not exist/],
    [
      'get_skill_md',
      { name: '@acme/weather', version: '9.9.9' },
      /^NOT_FOUND: Version 9.9.9 of @acme\/weather/,
    ],
  ])('%s of something unknown is a tool error', async (name, args, message) => {
    const client = await connect(manageToken);
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
  });

  test('arguments that break the input schema are refused', async () => {
    const client = await connect(manageToken);
    const result = await client
      .callTool({ name: 'get_package', arguments: { name: 'not-a-package' } })
      .catch((e: Error) => e);
    const message = result instanceof Error ? result.message : text(result);
    expect(message).toMatch(/@<namespace>\/<name>/);
  });
});

describe('HTTP rules of /mcp', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };

  test.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer nope'],
    ['an unknown token', `Bearer pkg_${'x'.repeat(43)}`],
  ])('%s is 401 UNAUTHENTICATED without CORS headers', async (_label, authorization) => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://elsewhere.example',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await res.json()) as { error: { code: string; message: string; details: unknown[] } };
    expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String), details: [] } });
  });

  test('the SDK client sees the 401 when it connects without a token', async () => {
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
    const failure = await client.connect(transport).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamableHTTPError);
    expect(failure).toMatchObject({ code: 401, message: expect.stringContaining('UNAUTHENTICATED') });
  });

  test.each(['GET', 'DELETE', 'PUT'])('%s /mcp is 405 METHOD_NOT_ALLOWED', async (method) => {
    const res = await fetch(`${server.url}/mcp`, {
      method,
      headers: { authorization: `Bearer ${manageToken}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  test('a valid token gets a JSON-RPC answer to initialize', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${publishToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await res.json()) as { result: { serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe('pkg-registry');
  });
});

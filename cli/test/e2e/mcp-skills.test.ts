// `pkg mcp --skills` against a real registry: packages published to a local test server and
// installed with `pkg install`, then an MCP client from the official SDK starts the built CLI over
// stdio in that project. It lists the tools with their schemas and SKILL.md resources, calls a
// tool (validated structured output), and sees every refusal as an isError result: invalid input,
// an undeclared network connection, permissions pkg.json does not grant, an edited installed file.
// A `pkg install` run as another process while the server runs is announced with
// notifications/tools/list_changed, awaited as a promise (no sleeps).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  type CallToolResult,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPackage,
  createUser,
  publishArchive,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { CLI, runCli, tempDir } from '../helpers/run-cli.js';

const INPUT = { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] };

/** @acme/netprobe: one tool that fetches the URL it is given; it declares no host, one variable. */
const netprobeFiles = {
  'manifest.json': JSON.stringify({
    specVersion: 1,
    namespace: 'acme',
    name: 'netprobe',
    version: '1.0.0',
    description: 'Fetches a URL.',
    permissions: { fs: { read: [], write: [] }, network: [], env: ['NETPROBE_TOKEN'] },
    tools: [
      {
        name: 'fetch',
        description: 'Fetches a URL.',
        entry: 'tools/fetch.js',
        inputSchema: 'schemas/fetch.json',
      },
      { name: 'crash', description: 'Throws.', entry: 'tools/crash.js', inputSchema: 'schemas/crash.json' },
      { name: 'spin', description: 'Never ends.', entry: 'tools/spin.js', inputSchema: 'schemas/crash.json' },
    ],
  }),
  'schemas/crash.json': JSON.stringify({ type: 'object' }),
  'tools/spin.js': 'export default async function () {\n  for (;;);\n}\n',
  'tools/crash.js': "export default async function () {\n  throw new RangeError('out of range');\n}\n",
  'SKILL.md': '---\nname: netprobe\ndescription: Fetches a URL.\n---\n\n# netprobe\n',
  'schemas/fetch.json': JSON.stringify(INPUT),
  'tools/fetch.js':
    'export default async function (input) {\n  return { status: (await fetch(input.url)).status };\n}\n',
};

let registry: TestServer;
const work = tempDir('pkg-mcp-skills-');
const project = path.join(work.dir, 'project');
const env: NodeJS.ProcessEnv = {
  HOME: work.dir,
  XDG_CONFIG_HOME: path.join(work.dir, '.config'),
  XDG_CACHE_HOME: path.join(work.dir, '.cache'),
  PKG_TOKEN: '',
  PKG_NO_CODE_CACHE: '1',
};
let client: Client;
let stderr = '';

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

beforeAll(async () => {
  registry = await startTestServer();
  env.PKG_REGISTRY = registry.url;
  const owner = (await createUser(registry.deps.registry, 'acme')).token.token;
  const packages = [
    await buildPackage({ namespace: 'acme', name: 'greeter', description: 'Greets people.' }),
    await buildPackage({ namespace: 'acme', name: 'netprobe', files: netprobeFiles }),
    await buildPackage({ namespace: 'acme', name: 'later', description: 'Installed while serving.' }),
  ];
  for (const pkg of packages) expect((await publishArchive(registry.url, owner, pkg.bytes)).status).toBe(201);
  mkdirSync(project);
  const installed = await runCli(['install', '@acme/greeter', '@acme/netprobe', '--accept-permissions'], {
    cwd: project,
    env,
  });
  expect(installed.code, installed.stderr).toBe(0);

  client = await startClient([], (chunk) => (stderr += chunk));
});

/** `pkg mcp --skills` started elsewhere, as a client may start it, and pointed at the project. */
async function startClient(
  extra: readonly string[],
  onStderr: (chunk: string) => void,
  path = process.env.PATH ?? '',
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--skills', '--project', project, ...extra],
    cwd: work.dir,
    env: { PATH: path, ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
  const started = new Client({ name: 'mcp-skills-test', version: '1.0.0' });
  await started.connect(transport);
  return started;
}

afterAll(async () => {
  await client?.close();
  await registry?.close();
  work.cleanup();
});

describe('pkg mcp --skills', () => {
  test('lists every installed tool with its description and schemas as the package gives them', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'acme__greeter__hello',
      'acme__netprobe__fetch',
      'acme__netprobe__crash',
      'acme__netprobe__spin',
    ]);
    const hello = tools[0];
    const installed = path.join(project, '.pkg/packages/@acme/greeter/schemas');
    expect(hello).toMatchObject({ title: '@acme/greeter hello', description: 'Greets someone by name.' });
    expect(hello?.inputSchema).toEqual(
      JSON.parse(readFileSync(path.join(installed, 'hello.input.json'), 'utf8')),
    );
    expect(hello?.outputSchema).toEqual(
      JSON.parse(readFileSync(path.join(installed, 'hello.output.json'), 'utf8')),
    );
    expect(tools[1]?.inputSchema).toEqual(INPUT);
    expect(tools[1]?.outputSchema).toBeUndefined();
  });

  test('a call runs the tool in the sandbox and returns its validated output as structuredContent', async () => {
    const result = await call('acme__greeter__hello', { name: 'Ada' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ greeting: 'Hello, Ada!' });
    expect(JSON.parse(text(result))).toEqual({ greeting: 'Hello, Ada!' });
  });

  test('invalid input is an isError result naming the schema error, and nothing runs', async () => {
    const result = await call('acme__greeter__hello', { name: 42 });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      'error TOOL_INPUT_INVALID: The input does not match the input schema of hello.',
    );
    expect(text(result)).toContain('input/name: must be string [type]');
  });

  test('an undeclared network connection is refused, as an isError result', async () => {
    const result = await call('acme__netprobe__fetch', { url: 'https://example.com/' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      'error TOOL_PERMISSION_DENIED: The tool fetch was refused: network access to "example.com" (fetch) is not declared in manifest permissions.network',
    );
  });

  test('a tool that throws is an isError result with its error, and the server keeps serving', async () => {
    const result = await call('acme__netprobe__crash', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('error TOOL_FAILED: The tool crash failed: RangeError: out of range');
    expect((await call('acme__greeter__hello', { name: 'Cy' })).structuredContent).toEqual({
      greeting: 'Hello, Cy!',
    });
  });

  test('a tool past --timeout is stopped, as an isError result', async () => {
    const limited = await startClient(['--timeout', '1'], () => undefined);
    try {
      const result = (await limited.callTool({
        name: 'acme__netprobe__spin',
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('error TOOL_TIMEOUT:');
      expect(text(result)).toContain('spin');
    } finally {
      await limited.close();
    }
  }, 30_000);

  test('without the OS sandbox nothing runs, and the call says how to install it', async () => {
    const noSandbox = await startClient([], () => undefined, '/nonexistent');
    try {
      const result = (await noSandbox.callTool({
        name: 'acme__greeter__hello',
        arguments: { name: 'Ada' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toContain(
        'error SANDBOX_UNAVAILABLE: The OS sandbox is not available: bubblewrap (bwrap) is not installed or not on PATH;',
      );
    } finally {
      await noSandbox.close();
    }
  });

  test('an unknown tool name is a protocol error (invalid params)', async () => {
    await expect(call('acme__nothing__here', {})).rejects.toThrow(/Unknown tool: acme__nothing__here/);
  });

  test('SKILL.md of each package is a resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'pkg://@acme/greeter/SKILL.md',
      'pkg://@acme/netprobe/SKILL.md',
    ]);
    expect(resources[0]).toMatchObject({ mimeType: 'text/markdown', description: 'Greets people.' });
    const read = await client.readResource({ uri: 'pkg://@acme/netprobe/SKILL.md' });
    expect(read.contents).toEqual([
      { uri: 'pkg://@acme/netprobe/SKILL.md', mimeType: 'text/markdown', text: netprobeFiles['SKILL.md'] },
    ]);
  });

  test('a pkg install while the server runs is announced, and the new list holds its tool', async () => {
    const toolsChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const resourcesChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    const installed = await runCli(['install', '@acme/later'], { cwd: project, env });
    expect(installed.code, installed.stderr).toBe(0);
    await Promise.all([toolsChanged, resourcesChanged]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'acme__greeter__hello',
      'acme__later__hello',
      'acme__netprobe__fetch',
      'acme__netprobe__crash',
      'acme__netprobe__spin',
    ]);
    expect((await call('acme__later__hello', { name: 'Bo' })).structuredContent).toEqual({
      greeting: 'Hello, Bo!',
    });
  }, 30_000);

  test('a pkg remove while the server runs is announced too', async () => {
    const toolsChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const removed = await runCli(['remove', '@acme/later'], { cwd: project, env });
    expect(removed.code, removed.stderr).toBe(0);
    await toolsChanged;
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('acme__later__hello');
    const gone = await call('acme__later__hello', { name: 'Bo' }).catch((error: unknown) => error);
    expect(String(gone)).toContain('Unknown tool: acme__later__hello');
  }, 30_000);

  test('permissions pkg.json does not grant are refused, naming the command that grants them', async () => {
    const manifestFile = path.join(project, 'pkg.json');
    const original = readFileSync(manifestFile, 'utf8');
    const manifest = JSON.parse(original) as { packages: Record<string, { permissions?: unknown }> };
    manifest.packages['@acme/netprobe'] = { range: '^1.0.0' } as { permissions?: unknown };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    try {
      const result = await call('acme__netprobe__fetch', { url: 'https://example.com/' });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain(
        'error PERMISSIONS_REQUIRED: @acme/netprobe requests permissions that pkg.json does not grant; the tool was not run.',
      );
      expect(text(result)).toContain('environment variable: NETPROBE_TOKEN [PERMISSION_NOT_GRANTED]');
      expect(text(result)).toContain(
        'hint: Review them, then grant them with: pkg install @acme/netprobe --accept-permissions',
      );
    } finally {
      writeFileSync(manifestFile, original);
    }
  });

  test('a package whose installed tool file was edited is refused, naming the file', async () => {
    const file = path.join(project, '.pkg/packages/@acme/greeter/tools/hello.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// edited\n`);
    const result = await call('acme__greeter__hello', { name: 'Ada' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      'error PACKAGE_MODIFIED: The installed files of @acme/greeter changed since it was installed (tools/hello.js changed); nothing was run.',
    );
    expect(text(result)).toContain(
      'hint: Reinstall it to get the published files back: pkg install @acme/greeter',
    );
  });

  test.each([
    [[], 'pkg mcp needs --data or --skills.'],
    [['--data', '--skills'], 'Give one of --data and --skills, not both.'],
    [['--data', '--sandbox', 'node'], '--sandbox applies to pkg mcp --skills only.'],
    [['--skills', '--sandbox', 'vm'], '--sandbox must be one of os, node (got "vm").'],
  ])('pkg mcp %j is a usage error', async (args, message) => {
    const run = await runCli(['mcp', ...args], { cwd: project, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`error BAD_REQUEST: ${message}`);
    expect(run.stdout).toBe('');
  });

  test('logs go to stderr', () => {
    expect(stderr).toContain('pkg mcp --skills: serving 4 tools of 2 packages');
  });
});

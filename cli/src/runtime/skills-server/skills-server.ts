// The MCP skills server (`pkg mcp --skills`, docs/sandbox.md "The MCP skills server"): the SDK's
// low-level Server, so that each package's JSON Schemas pass through unchanged. tools/list and
// resources/list answer from the catalog; tools/call runs the tool through runInstalledTool, the
// path `pkg run` takes (installed files checked, permissions granted at install, input validated,
// the sandbox, output validated, the limits). Any refusal or failure of a tool is a result with
// `isError: true` and the reason as text; nothing is asked on stdin, which is the MCP channel.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { formatCliError, toCliError } from '../../exit.js';
import { packageDir, readLockFile, type Project } from '../../lib/project/project.js';
import { requireUnmodified } from '../../trust/installed-files.js';
import { chooseBoundary } from '../boundary.js';
import type { RunLimits } from '../limit-options.js';
import { runInstalledTool } from '../run-installed-tool.js';
import { type Catalog, type CatalogTool, SKILL_FILE } from './catalog.js';

export interface SkillsServerOptions {
  project: Project;
  version: string;
  /** The `--sandbox` flag, chosen again on every call (docs/sandbox.md, "Choosing the boundary"). */
  sandbox: unknown;
  limits: RunLimits;
  catalog: () => Catalog;
}

function listedTool(tool: CatalogTool): Tool {
  return {
    name: tool.mcpName,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function failure(error: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: formatCliError(toCliError(error)) }] };
}

async function callTool(
  options: SkillsServerOptions,
  tool: CatalogTool,
  input: unknown,
): Promise<CallToolResult> {
  try {
    const { output } = await runInstalledTool({
      project: options.project,
      id: tool.id,
      toolName: tool.tool,
      input,
      boundary: chooseBoundary(options.sandbox),
      ...options.limits,
    });
    return {
      content: [{ type: 'text', text: JSON.stringify(output) }],
      ...(isPlainObject(output) ? { structuredContent: output } : {}),
    };
  } catch (error) {
    return failure(error);
  }
}

async function readSkill(options: SkillsServerOptions, uri: string): Promise<string> {
  const skill = options.catalog().skills.get(uri);
  if (!skill) throw new McpError(ErrorCode.InvalidParams, `No resource ${uri}; resources/list names them.`);
  const dir = packageDir(options.project, skill.id);
  try {
    requireUnmodified(skill.id, dir, readLockFile(options.project)?.packages[skill.id]);
    return await readFile(join(dir, SKILL_FILE), 'utf8');
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, formatCliError(toCliError(error)));
  }
}

export function createSkillsServer(options: SkillsServerOptions): Server {
  const server = new Server(
    { name: 'pkg-skills', version: options.version },
    { capabilities: { tools: { listChanged: true }, resources: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...options.catalog().tools.values()].map(listedTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = options.catalog().tools.get(request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name}; tools/list names them.`,
      );
    return callTool(options, tool, request.params.arguments ?? {});
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [...options.catalog().skills.values()].map((skill) => ({
      uri: skill.uri,
      name: `${skill.id} ${SKILL_FILE}`,
      description: skill.description,
      mimeType: 'text/markdown',
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [
      {
        uri: request.params.uri,
        mimeType: 'text/markdown',
        text: await readSkill(options, request.params.uri),
      },
    ],
  }));
  return server;
}

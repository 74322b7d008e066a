// The registry's MCP server: discovery tools only. search_packages, get_package and
// get_skill_md read metadata and the stored SKILL.md text; nothing in a package is executed.
// A new server is built for each request (stateless Streamable HTTP, see routes.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  API_VERSION,
  PACKAGE_ID_PATTERN,
  parsePackageId,
  RegistryError,
  namespaceSchema,
  SEARCH_LIMIT,
  versionSchema,
  type PackageRef,
} from '@pkg/shared';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import { getPackage, getVersion } from '../services/registry/package-service.js';
import { searchPackages } from '../services/registry/search/search-service.js';
import { readSkillMd } from '../services/registry/skill-md-service.js';

export const MCP_TOOL_NAMES = ['search_packages', 'get_package', 'get_skill_md'] as const;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const packageIdSchema = z
  .string()
  .regex(PACKAGE_ID_PATTERN, 'a package name has the form @<namespace>/<name>');

function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** Tool failures are results with isError (the MCP convention), never internal details. */
async function guarded(
  log: Logger,
  tool: string,
  fn: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof RegistryError && error.status < 500) {
      return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
    }
    log.error({ err: error, tool }, 'MCP tool failed');
    return {
      isError: true,
      content: [{ type: 'text', text: 'INTERNAL_ERROR: the tool failed unexpectedly.' }],
    };
  }
}

function refOf(name: string): PackageRef {
  const ref = parsePackageId(name);
  if (!ref)
    throw new RegistryError(
      'BAD_REQUEST',
      `${JSON.stringify(name)} is not a package name of the form @<namespace>/<name>.`,
    );
  return ref;
}

export interface McpContext {
  deps: AppDeps;
  /** `{base_url}` for artifact URLs in version records. */
  baseUrl: string;
  log: Logger;
}

export function createMcpServer({ deps, baseUrl, log }: McpContext): McpServer {
  const server = new McpServer({ name: 'pkg-registry', version: `${API_VERSION}.0.0` });

  server.registerTool(
    'search_packages',
    {
      title: 'Search packages',
      description:
        'Search the registry for skill packages, ranked: a word of the name counts most, then of a tool ' +
        "(name or description), then a property name of a tool's input or output schema (find a skill by " +
        'what it takes and returns), then the description, then SKILL.md; a word one letter away still ' +
        'matches, lower; ties go to more downloads this week. Packages whose every version is yanked are ' +
        'left out. An empty query lists packages. Returns {query, total, page, limit, results: [{name, ' +
        'description, latest, deprecated, weeklyDownloads, verified, permissions, matched}]}: `deprecated` ' +
        'the deprecation message of latest (or null), `matched` the fields the query matched in.',
      inputSchema: {
        query: z.string().max(200).describe('words to look for; empty lists packages'),
        limit: z
          .number()
          .int()
          .optional()
          .describe(
            `how many results (${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default})`,
          ),
        page: z.number().int().min(1).max(1000).optional().describe('the page of results, from 1'),
        namespace: namespaceSchema.optional().describe('only packages of this namespace'),
        noNetwork: z.boolean().optional().describe('only packages whose latest declares no network host'),
        noFileWrites: z.boolean().optional().describe('only packages whose latest declares no path to write'),
        noEnv: z.boolean().optional().describe('only packages whose latest declares no environment variable'),
        verified: z.boolean().optional().describe('only packages whose latest comes from a verified build'),
      },
      annotations: READ_ONLY,
    },
    ({ query, ...options }) =>
      guarded(log, 'search_packages', async () =>
        jsonResult(await searchPackages(deps.registry, { q: query, ...options })),
      ),
  );

  server.registerTool(
    'get_package',
    {
      title: 'Get a package',
      description:
        'Package information (description, latest, versions, each with `yanked` and `deprecated`: do not ' +
        'choose a yanked version) and the version record of its latest version (manifest with tools and ' +
        'permissions, integrity, size, provenance, signatures, log index, yanked, deprecated). ' +
        'Returns {package, latest}.',
      inputSchema: { name: packageIdSchema.describe('the package, @<namespace>/<name>') },
      annotations: READ_ONLY,
    },
    ({ name }) =>
      guarded(log, 'get_package', async () => {
        const ref = refOf(name);
        const info = await getPackage(deps.registry, ref);
        const latest = await getVersion(deps.registry, { ...ref, version: info.latest }, baseUrl);
        return jsonResult({ package: info, latest });
      }),
  );

  server.registerTool(
    'get_skill_md',
    {
      title: 'Get SKILL.md',
      description:
        'The SKILL.md text of a package version (default: the latest), read from the stored archive. ' +
        'It tells an agent when and how to use the skill.',
      inputSchema: {
        name: packageIdSchema.describe('the package, @<namespace>/<name>'),
        version: versionSchema.optional().describe('an exact version; default: the latest'),
      },
      annotations: READ_ONLY,
    },
    ({ name, version }, extra) =>
      guarded(log, 'get_skill_md', async () => {
        const ref = refOf(name);
        const exact = version ?? (await getPackage(deps.registry, ref)).latest;
        const skill = await readSkillMd(deps.registry, { ...ref, version: exact }, extra.signal);
        return { content: [{ type: 'text', text: skill.text }] };
      }),
  );

  return server;
}

// What the MCP skills server offers (docs/sandbox.md, "The MCP skills server"): every tool of
// every package pinned in the project's lock file, read by the runtime loader (nothing of a
// package runs here), with its description and its JSON Schemas as the package gives them, and
// each package's SKILL.md as a resource. A package that cannot be read is reported on stderr and
// left out; whether a tool may run is decided on each call, by the path `pkg run` takes.
import { readLockFile, packageDir, type Project } from '../../lib/project/project.js';
import { formatCliError, toCliError } from '../../exit.js';
import { loadInstalledPackage } from '../load-package.js';
import { assignToolNames, type ToolRef } from './tool-names.js';

export interface CatalogTool extends ToolRef {
  mcpName: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  /** Listed only when the package's output schema describes an object, as MCP requires. */
  outputSchema: { type: 'object'; [key: string]: unknown } | undefined;
}

export interface CatalogSkill {
  uri: string;
  id: string;
  description: string;
}

export interface Catalog {
  tools: Map<string, CatalogTool>;
  skills: Map<string, CatalogSkill>;
}

export const SKILL_FILE = 'SKILL.md';

export function skillUri(id: string): string {
  return `pkg://${id}/${SKILL_FILE}`;
}

type ObjectSchema = { type: 'object'; [key: string]: unknown };

/** MCP tool arguments are an object: a schema without a root type gets `type: object`. */
function inputSchemaFor(schema: Record<string, unknown>): ObjectSchema | undefined {
  if (schema.type === 'object') return schema as ObjectSchema;
  if (schema.type === undefined) return { type: 'object', ...schema };
  return undefined;
}

function outputSchemaFor(schema: Record<string, unknown> | undefined): ObjectSchema | undefined {
  return schema?.type === 'object' ? (schema as ObjectSchema) : undefined;
}

async function packageTools(
  project: Project,
  id: string,
  report: (message: string) => void,
): Promise<{ tools: Omit<CatalogTool, 'mcpName'>[]; skill: CatalogSkill } | undefined> {
  try {
    const pkg = await loadInstalledPackage(packageDir(project, id));
    const { namespace, name } = pkg.manifest;
    const tools: Omit<CatalogTool, 'mcpName'>[] = [];
    for (const tool of pkg.tools.values()) {
      const inputSchema = inputSchemaFor(tool.inputSchema);
      if (!inputSchema) {
        report(
          `${id} tool ${tool.name} takes input that is not an object; MCP tools take objects, so it is not served`,
        );
        continue;
      }
      const outputSchema = outputSchemaFor(tool.outputSchema);
      tools.push({
        id,
        namespace,
        name,
        tool: tool.name,
        title: `${id} ${tool.name}`,
        description: tool.description,
        inputSchema,
        outputSchema,
      });
    }
    return { tools, skill: { uri: skillUri(id), id, description: pkg.manifest.description } };
  } catch (error) {
    report(`${id} is left out: ${formatCliError(toCliError(error))}`);
    return undefined;
  }
}

/** Reads the project as it is now; problems go to `report` (stderr), never to the MCP channel. */
export async function readCatalog(project: Project, report: (message: string) => void): Promise<Catalog> {
  let ids: string[] = [];
  try {
    ids = Object.keys(readLockFile(project)?.packages ?? {}).sort();
  } catch (error) {
    report(formatCliError(toCliError(error)));
  }
  const read = await Promise.all(ids.map((id) => packageTools(project, id, report)));
  const skills = new Map<string, CatalogSkill>();
  for (const entry of read) if (entry) skills.set(entry.skill.uri, entry.skill);
  const named = assignToolNames(
    read.flatMap((entry) => entry?.tools ?? []),
    report,
  );
  const tools = new Map<string, CatalogTool>();
  for (const [mcpName, tool] of named) tools.set(mcpName, { ...tool, mcpName });
  return { tools, skills };
}

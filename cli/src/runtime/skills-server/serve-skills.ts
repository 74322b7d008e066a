// `pkg mcp --skills` end to end: reads the catalog of the project's installed packages, serves
// it on stdio, and on every change of the project's lock file or manifest reads it again and
// tells the client (notifications/tools/list_changed, notifications/resources/list_changed) when
// the list changed. Logs go to stderr only: stdout is the MCP channel.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Project } from '../../lib/project/project.js';
import type { RunLimits } from '../limit-options.js';
import { type Catalog, readCatalog } from './catalog.js';
import { createSkillsServer } from './skills-server.js';
import { watchProject } from './watch-project.js';

export interface ServeSkillsOptions {
  project: Project;
  version: string;
  sandbox: unknown;
  limits: RunLimits;
}

const log = (message: string) => process.stderr.write(`pkg mcp --skills: ${message}\n`);

function toolsKey(catalog: Catalog): string {
  return JSON.stringify([...catalog.tools.values()]);
}

function skillsKey(catalog: Catalog): string {
  return JSON.stringify([...catalog.skills.values()]);
}

/** Reads the catalog again after each change, one read at a time, the last change always read. */
function refresher(read: () => Promise<void>): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = read()
      .catch((error: unknown) => {
        log(`reading the project failed: ${String(error)}`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

export async function serveSkills(options: ServeSkillsOptions): Promise<void> {
  let catalog = await readCatalog(options.project, log);
  const server = createSkillsServer({ ...options, catalog: () => catalog });
  const refresh = refresher(async () => {
    const next = await readCatalog(options.project, log);
    const [tools, skills] = [toolsKey(next) !== toolsKey(catalog), skillsKey(next) !== skillsKey(catalog)];
    catalog = next;
    if (tools) await server.sendToolListChanged();
    if (skills) await server.sendResourceListChanged();
    if (tools || skills) log(`${catalog.tools.size} tools of ${catalog.skills.size} packages now`);
  });
  const stopWatching = watchProject(options.project, refresh);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  log(
    `serving ${catalog.tools.size} tools of ${catalog.skills.size} packages in ${options.project.root} on stdio`,
  );
  await closed;
  stopWatching();
  await server.close();
}

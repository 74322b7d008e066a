// pkg agents list: the agents found (and where), the skill folders linked for this project and
// globally, and any hand-written folder shadowing an installed package (docs/agents.md).
import path from 'node:path';
import { AGENTS, findAgents, homeDir, skillRoots } from '../lib/agents/agent-table.js';
import { readLinkState } from '../lib/agents/link-state.js';
import { folderState, installedSkills } from '../lib/agents/sync-links.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, type Project } from '../lib/project/project.js';

function shadowedFolders(project: Project, roots: readonly string[]) {
  const { skills } = installedSkills(project);
  return roots.flatMap((root) =>
    skills
      .map((skill) => ({ package: skill.id, path: path.join(root, skill.folder) }))
      .filter((s) => folderState(s.path) === 'hand-written'),
  );
}

export const agentsListCommand = defineCommand({
  name: 'agents list',
  summary: 'show the agents found, the skill folders linked, and hand-written folders in the way',
  run({ globals }) {
    const project = findProject();
    const agents = findAgents(project.root);
    const state = readLinkState(project);
    const links = (state?.links ?? []).map((link) => ({
      ...link,
      scope: link.path.startsWith(`${project.root}${path.sep}`) ? 'project' : 'global',
      state: folderState(link.path),
    }));
    const roots = [
      ...new Set([
        ...skillRoots(agents, 'project', project.root),
        ...skillRoots(agents, 'global', project.root),
        ...(state?.roots ?? []).map((r) => r.dir),
      ]),
    ];
    const shadowed = shadowedFolders(project, roots);
    if (globals.json) return printJson({ agents, known: AGENTS.map((a) => a.id), links, shadowed });
    const home = homeDir();
    const show = (p: string) => (p.startsWith(`${home}${path.sep}`) ? `~${p.slice(home.length)}` : p);
    printLines([
      'agents:',
      ...AGENTS.map((agent) => {
        const found = agents.find((a) => a.id === agent.id);
        return `  ${agent.id}: ${found ? `found (${show(found.foundBy)}), reads ${agent.skillsDir}` : 'not found'}`;
      }),
      `linked (${links.length}):`,
      ...links.map(
        (l) =>
          `  ${l.package}@${l.version} → ${show(l.path)} [${l.scope}]${l.state === 'managed' ? '' : ` (${l.state})`}`,
      ),
      ...(shadowed.length > 0 ? ['hand-written folders shadowing a package (left alone):'] : []),
      ...shadowed.map((s) => `  ${show(s.path)} (${s.package} is not linked there)`),
    ]);
  },
});

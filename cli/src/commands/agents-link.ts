// pkg agents link [--agent <name>...] [--global]: makes every installed package of the project
// visible to the agents found on the machine, as one SKILL.md per skill folder (docs/agents.md).
import { CliError, EXIT } from '../exit.js';
import { AGENTS, findAgents, skillRoots } from '../lib/agents/agent-table.js';
import { syncLinks, warnAbout } from '../lib/agents/sync-links.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject } from '../lib/project/project.js';

function forcedAgents(value: unknown): string[] {
  const names = Array.isArray(value) ? value.map(String) : [];
  for (const name of names) {
    if (!AGENTS.some((a) => a.id === name)) {
      throw new CliError('BAD_REQUEST', `"${name}" is not an agent pkg knows.`, {
        exitCode: EXIT.invalidInput,
        hint: `Known agents: ${AGENTS.map((a) => a.id).join(', ')}.`,
      });
    }
  }
  return names;
}

export const agentsLinkCommand = defineCommand({
  name: 'agents link',
  summary: "write the project's installed skills into the skill folders of the agents found",
  help: [
    'Writes one folder per installed package, holding only a SKILL.md (the package instructions and',
    'how to call each tool with pkg run or pkg mcp --skills), into the shared .agents/skills folder and',
    'the folder of each agent found (Claude Code: .claude/skills). With --global, into the same folders',
    'under your home directory. pkg install and pkg remove keep these folders up to date afterwards.',
    'A folder of the same name written by hand is left alone and reported (the exit code stays 0).',
    '',
    'Examples:',
    '  pkg agents link',
    '  pkg agents link --agent claude-code --global',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .option(
        '--agent <name...>',
        `link for these agents even if not found (${AGENTS.map((a) => a.id).join(', ')})`,
      )
      .option('--global', 'write the user folders (~/.agents/skills, ...) instead of the project ones'),
  run({ options, globals }) {
    const forced = forcedAgents(options.agent);
    const project = findProject();
    const agents = findAgents(project.root, forced);
    const scope = options.global === true ? 'global' : 'project';
    const roots = skillRoots(agents, scope, project.root).map((dir) => ({ dir, scope }) as const);
    const result = syncLinks(project, roots);
    warnAbout(result);
    if (globals.json) return printJson({ agents, ...result });
    const found = agents.length === 0 ? 'no agent found' : agents.map((a) => a.label).join(', ');
    printLines([
      `agents: ${found} (the shared .agents/skills folder is always written)`,
      ...result.linked.map((l) => `linked ${l.package}@${l.version} → ${l.path}`),
      ...result.removed.map((r) => `removed ${r.path} (${r.package} is no longer installed)`),
      ...(result.linked.length === 0 ? ['nothing linked: no installed package (run pkg install first)'] : []),
    ]);
  },
});

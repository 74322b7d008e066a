// The agents whose skill folders `pkg agents link` writes, with the folders each one documents
// (docs/agents.md lists the sources). An agent is found when its configuration directory exists
// in the home directory or in the project; the shared `.agents/skills` folder is always written.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export interface AgentInfo {
  id: string;
  label: string;
  /** Its configuration directory, in the home directory or the project (`.claude`). */
  configDir: string;
  /** Where it reads skills, relative to the project root (project) or the home directory (global). */
  skillsDir: string;
}

/** The folder every Agent Skills reader shares (written whatever is found). */
export const SHARED_SKILLS_DIR = '.agents/skills';

export const AGENTS: readonly AgentInfo[] = [
  { id: 'claude-code', label: 'Claude Code', configDir: '.claude', skillsDir: '.claude/skills' },
  // Codex and Cursor read the shared folder themselves: linking it again would list each skill twice.
  { id: 'codex', label: 'Codex', configDir: '.codex', skillsDir: SHARED_SKILLS_DIR },
  { id: 'cursor', label: 'Cursor', configDir: '.cursor', skillsDir: SHARED_SKILLS_DIR },
];

export type Scope = 'project' | 'global';

export interface FoundAgent {
  id: string;
  label: string;
  /** Why it counts as found: the directory that exists, or "--agent". */
  foundBy: string;
  skillsDir: string;
}

/** The home directory the user folders live under ($HOME on POSIX). */
export function homeDir(): string {
  return homedir();
}

function foundBy(agent: AgentInfo, projectRoot: string): string | undefined {
  const inHome = path.join(homeDir(), agent.configDir);
  if (existsSync(inHome)) return inHome;
  const inProject = path.join(projectRoot, agent.configDir);
  if (existsSync(inProject)) return inProject;
  const projectSkills = path.join(projectRoot, agent.skillsDir);
  if (agent.skillsDir !== SHARED_SKILLS_DIR && existsSync(projectSkills)) return projectSkills;
  return undefined;
}

/** The agents found on this machine or in this project, plus those `forced` by name. */
export function findAgents(projectRoot: string, forced: readonly string[] = []): FoundAgent[] {
  const found: FoundAgent[] = [];
  for (const agent of AGENTS) {
    const by = forced.includes(agent.id) ? '--agent' : foundBy(agent, projectRoot);
    if (by !== undefined)
      found.push({ id: agent.id, label: agent.label, foundBy: by, skillsDir: agent.skillsDir });
  }
  return found;
}

/** The absolute skills folders to write for these agents in a scope: the shared one first. */
export function skillRoots(agents: readonly FoundAgent[], scope: Scope, projectRoot: string): string[] {
  const base = scope === 'global' ? homeDir() : projectRoot;
  const dirs = [SHARED_SKILLS_DIR, ...agents.map((a) => a.skillsDir)];
  return [...new Set(dirs)].map((dir) => path.join(base, dir));
}

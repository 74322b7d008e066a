// `.pkg/agents.json`: the skill folders `pkg agents link` wrote for this project, so that
// `pkg install` and `pkg remove` refresh or delete them later (docs/agents.md).
import path from 'node:path';
import * as z from 'zod';
import { readJsonFile, writeJsonFile } from '../json-file.js';
import type { Project } from '../project/project.js';

export const linkStateSchema = z.object({
  version: z.literal(1),
  /** The absolute skills folders this project links into (`<project>/.claude/skills`, `~/.agents/skills`). */
  roots: z.array(z.object({ dir: z.string(), scope: z.enum(['project', 'global']) })),
  /** Every skill folder written, by package. */
  links: z.array(z.object({ package: z.string(), version: z.string(), path: z.string() })),
});
export type LinkState = z.infer<typeof linkStateSchema>;
export type LinkRoot = LinkState['roots'][number];

export function linkStateFile(project: Project): string {
  return path.join(project.stateDir, 'agents.json');
}

export function readLinkState(project: Project): LinkState | undefined {
  return readJsonFile(linkStateFile(project), linkStateSchema, 'The agent link state .pkg/agents.json');
}

export function writeLinkState(project: Project, state: LinkState): void {
  writeJsonFile(linkStateFile(project), state);
}

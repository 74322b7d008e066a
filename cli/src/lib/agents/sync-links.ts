// Writes, refreshes and deletes the skill folders of a project's installed packages in the given
// skills folders (docs/agents.md). A folder is managed when its SKILL.md carries the `pkg-managed`
// metadata; any other folder of the same name was written by hand and is never touched, only
// reported. SKILL.md is written to a temporary file and renamed into place.
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../json-file.js';
import { readLockFile, packageDir, type Project } from '../project/project.js';
import { linkedSkill, managedBy, type LinkedSkill } from './linked-skill.js';
import { readLinkState, writeLinkState, type LinkRoot, type LinkState } from './link-state.js';

export interface SyncResult {
  linked: { package: string; version: string; path: string; scope: LinkRoot['scope'] }[];
  /** Folders of a package's skill name written by hand: left alone. */
  shadowed: { package: string; path: string }[];
  removed: { package: string; path: string }[];
  /** Packages that could not be linked, and why (their earlier folders are kept). */
  problems: { package: string; message: string }[];
}

type FolderState = 'missing' | 'managed' | 'hand-written';

export function folderState(folder: string): FolderState {
  const stats = lstatSync(folder, { throwIfNoEntry: false });
  if (!stats) return 'missing';
  // A link or a file is someone else's (the skills CLI links its folders): never written through.
  if (!stats.isDirectory()) return 'hand-written';
  let text: string;
  try {
    text = readFileSync(path.join(folder, 'SKILL.md'), 'utf8');
  } catch {
    return 'hand-written';
  }
  return managedBy(text) === undefined ? 'hand-written' : 'managed';
}

/** The linked skills of every package pkg-lock.json pins and `.pkg/packages` holds. */
export function installedSkills(project: Project): {
  skills: LinkedSkill[];
  problems: SyncResult['problems'];
} {
  const lock = readLockFile(project);
  const skills: LinkedSkill[] = [];
  const problems: SyncResult['problems'] = [];
  for (const id of Object.keys(lock?.packages ?? {}).sort()) {
    const dir = packageDir(project, id);
    if (!existsSync(path.join(dir, 'manifest.json'))) continue;
    try {
      skills.push(linkedSkill(dir));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({
        package: id,
        message: `${id} was not linked: its installed files cannot be read (${reason})`,
      });
    }
  }
  return { skills, problems };
}

function removeManaged(folder: string): boolean {
  if (folderState(folder) !== 'managed') return false;
  // Only what pkg wrote: SKILL.md and a leftover temporary file; anything else keeps the folder.
  for (const name of readdirSync(folder)) {
    if (name === 'SKILL.md' || name.endsWith('.tmp')) rmSync(path.join(folder, name), { force: true });
  }
  if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true });
  return true;
}

function writeSkills(roots: readonly LinkRoot[], skills: readonly LinkedSkill[], result: SyncResult): void {
  for (const root of roots) {
    for (const skill of skills) {
      const folder = path.join(root.dir, skill.folder);
      if (folderState(folder) === 'hand-written') {
        result.shadowed.push({ package: skill.id, path: folder });
        continue;
      }
      mkdirSync(folder, { recursive: true });
      writeFileAtomic(path.join(folder, 'SKILL.md'), skill.text);
      result.linked.push({ package: skill.id, version: skill.version, path: folder, scope: root.scope });
    }
  }
}

/**
 * Brings the project's skill folders in `roots` (and those linked before) up to date with what is
 * installed: writes or refreshes each package's folder, deletes the managed folders of packages
 * no longer installed, and records what it wrote in `.pkg/agents.json`.
 */
export function syncLinks(project: Project, newRoots: readonly LinkRoot[] = []): SyncResult {
  const previous: LinkState = readLinkState(project) ?? { version: 1, roots: [], links: [] };
  const roots = [...previous.roots];
  for (const root of newRoots) if (!roots.some((r) => r.dir === root.dir)) roots.push(root);
  const { skills, problems } = installedSkills(project);
  const result: SyncResult = { linked: [], shadowed: [], removed: [], problems };
  writeSkills(roots, skills, result);
  const kept = new Set(result.linked.map((l) => l.path));
  const unreadable = new Set(problems.map((p) => p.package));
  const stillThere = previous.links.filter((l) => unreadable.has(l.package));
  for (const link of previous.links) {
    if (!kept.has(link.path) && !unreadable.has(link.package) && removeManaged(link.path)) {
      result.removed.push({ package: link.package, path: link.path });
    }
  }
  const links = [
    ...result.linked.map(({ package: id, version, path: p }) => ({ package: id, version, path: p })),
    ...stillThere,
  ];
  writeLinkState(project, { version: 1, roots, links });
  return result;
}

/** Prints the folders left alone and the packages not linked, as warnings on stderr. */
export function warnAbout(result: SyncResult): void {
  for (const s of result.shadowed) {
    process.stderr.write(
      `pkg: warning: ${s.path} was written by hand (no pkg-managed marker); left alone, ${s.package} is not linked there\n`,
    );
  }
  for (const problem of result.problems) process.stderr.write(`pkg: warning: ${problem.message}\n`);
}

/** After install or remove: refresh the links, if this project has any; a problem is a warning. */
export function refreshLinksAfterChange(project: Project): void {
  try {
    if (!readLinkState(project)) return;
    warnAbout(syncLinks(project));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pkg: warning: the agent skill folders were not refreshed: ${message}\n`);
    process.stderr.write('pkg: run pkg agents link to try again.\n');
  }
}

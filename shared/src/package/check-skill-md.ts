// SKILL.md: YAML front matter between `---` lines with `name` and `description` that agree
// with the manifest (the Agent Skills convention), then Markdown.
import { parse as parseYaml } from 'yaml';
import type { Manifest } from '../schemas/manifest.js';
import { skillFrontMatterSchema } from '../schemas/skill-md.js';
import { decodeText, jsonPointer } from './json-text.js';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, PROBLEM_CODES as C, problem } from './problems.js';

export const SKILL_MD_FILE = 'SKILL.md';

const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

export interface SkillMd {
  frontMatter: Record<string, unknown> & { name: string; description: string };
  body: string;
}

/** Split and parse SKILL.md text; a string is the reason it cannot be read. */
export function parseSkillMd(text: string): SkillMd | { error: string; path?: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { error: 'SKILL.md must start with YAML front matter between "---" lines' };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '', { schema: 'core', uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    return {
      error: `the front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const result = skillFrontMatterSchema.safeParse(data ?? {});
  if (!result.success) {
    const [issue] = result.error.issues;
    const where = issue && issue.path.length > 0 ? jsonPointer(issue.path) : '';
    return { error: `front matter: ${issue?.message ?? 'invalid'}`, path: `${SKILL_MD_FILE}${where}` };
  }
  return { frontMatter: result.data, body: text.slice(match[0].length) };
}

const sameText = (a: string, b: string): boolean =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

export function checkSkillMd(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: Manifest | undefined,
): Problem[] {
  const bytes = files.get(SKILL_MD_FILE);
  if (!bytes) return [problem(SKILL_MD_FILE, C.SKILL_MD_MISSING, 'SKILL.md is missing at the package root')];
  if (bytes.byteLength > PACKAGE_LIMITS.maxSkillMdBytes) {
    const message = `SKILL.md is ${bytes.byteLength} bytes; the limit is ${PACKAGE_LIMITS.maxSkillMdBytes}`;
    return [problem(SKILL_MD_FILE, C.FILE_TOO_LARGE, message)];
  }
  const text = decodeText(bytes);
  if (!text.ok) return [problem(SKILL_MD_FILE, C.SKILL_MD_INVALID, text.reason)];
  const parsed = parseSkillMd(text.text);
  if ('error' in parsed) return [problem(parsed.path ?? SKILL_MD_FILE, C.SKILL_MD_INVALID, parsed.error)];
  if (!manifest) return [];
  const problems: Problem[] = [];
  const { name, description } = parsed.frontMatter;
  if (name !== manifest.name) {
    const message = `the front matter name "${name}" differs from the manifest name "${manifest.name}"`;
    problems.push(problem(`${SKILL_MD_FILE}#/name`, C.SKILL_MD_MISMATCH, message));
  }
  if (!sameText(description, manifest.description)) {
    const message = 'the front matter description differs from the manifest description';
    problems.push(problem(`${SKILL_MD_FILE}#/description`, C.SKILL_MD_MISMATCH, message));
  }
  return problems;
}

// Every comment that cites a section of the project's docs as `docs/<file>.md, "<Section>"` in
// shared/src, server/src, cli/src or web/src names a heading that exists in that file: a reader
// who follows the citation finds the section. A citation may wrap across comment lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = ['shared/src', 'server/src', 'cli/src', 'web/src'];
const CITATION = /docs\/([\w-]+\.md),\s+"([^"]+)"/g;
/** A line break inside a comment, with the next line's comment marker. */
const COMMENT_BREAK = /\s*\n\s*(?:\/\/|\*(?!\/))?\s*/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Code spans are markup, not text: "GET /v1/chain" cites the heading `GET /v1/chain`. */
const plain = (text: string) => text.replaceAll('`', '');

/** The headings of a doc, as text. */
function headings(doc: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => plain(m[1] ?? '')));
}

/** Every citation in the sources, and those whose section is not a heading of the doc. */
function checkCitations(): { checked: number; broken: string[] } {
  const docs = new Map<string, Set<string> | undefined>();
  const headingsOf = (doc: string) => {
    if (!docs.has(doc)) {
      try {
        docs.set(doc, headings(doc));
      } catch {
        docs.set(doc, undefined); // no such doc
      }
    }
    return docs.get(doc);
  };
  const broken: string[] = [];
  let checked = 0;
  for (const file of SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8').replace(COMMENT_BREAK, ' ');
    for (const [, doc = '', section = ''] of text.matchAll(CITATION)) {
      checked += 1;
      if (!headingsOf(doc)?.has(plain(section)))
        broken.push(`${relative(ROOT, file)}: docs/${doc}, "${section}"`);
    }
  }
  return { checked, broken };
}

test('every docs/<file>.md, "<Section>" cited in the sources is a heading of that doc', () => {
  const { checked, broken } = checkCitations();
  expect(checked).toBeGreaterThan(100); // the sources were read
  expect(broken).toEqual([]);
});

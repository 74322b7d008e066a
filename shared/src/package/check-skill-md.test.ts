// What an author checks: how SKILL.md front matter is read and when it disagrees with the manifest.
import { describe, expect, test } from 'vitest';
import { parseSkillMd } from './check-skill-md.js';

describe('parseSkillMd', () => {
  test('splits front matter and Markdown, keeping other members', () => {
    const parsed = parseSkillMd('---\nname: hello\ndescription: Greets.\nlicense: MIT\n---\n# Hi\n');
    expect(parsed).toEqual({
      frontMatter: { name: 'hello', description: 'Greets.', license: 'MIT' },
      body: '# Hi\n',
    });
  });
  test('accepts CRLF line ends and a folded description', () => {
    const parsed = parseSkillMd(
      '---\r\nname: hello\r\ndescription: >\r\n  Greets\r\n  people.\r\n---\r\nBody',
    );
    expect(parsed).toMatchObject({ frontMatter: { description: 'Greets people.\n' }, body: 'Body' });
  });
  test.each([
    ['no front matter', '# Hello\n'],
    ['unterminated front matter', '---\nname: hello\n'],
    ['invalid YAML', '---\nname: [\n---\n'],
    ['a duplicate key', '---\nname: a\nname: b\ndescription: x\n---\n'],
    ['a missing description', '---\nname: hello\n---\n'],
    ['a list instead of a mapping', '---\n- a\n---\n'],
  ])('%s is an error', (_name, text) => {
    expect(parseSkillMd(text)).toHaveProperty('error');
  });
});

// A package's Markdown rendered alone (docs/website.md, "The package page"): its raw HTML never
// becomes an element (script, img, event handlers, iframes, inline tags), links keep only safe
// addresses and carry rel="nofollow noopener noreferrer", images are not loaded, headings move
// down, and GitHub's tables, task lists and strikethrough render.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown, stripFrontMatter } from '../../src/components/safe-markdown';

const html = (text: string, headingOffset = 0) =>
  renderToStaticMarkup(createElement(SafeMarkdown, { text, headingOffset }));

describe('SafeMarkdown', () => {
  it.each([
    ['a script block', '<script>window.x = 1</script>'],
    ['an image with a handler', '<img src="/x.png" onerror="window.x = 1">'],
    ['an iframe', '<iframe src="https://evil.example.com"></iframe>'],
    ['inline tags', 'Hello <b onclick="x()">bold</b> and <svg onload="x()"></svg>'],
    ['a details block', '<details open ontoggle="x()"><summary>s</summary>body</details>'],
  ])('drops raw HTML: %s', (_label, text) => {
    const out = html(text);
    expect(out).not.toMatch(/<(script|img|iframe|svg|details|b)\b/);
    expect(out).not.toMatch(/\bon[a-z]+=/);
  });

  it.each([
    ['javascript:alert(1)', ''],
    ['JavaScript:alert(1)', ''],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['vbscript:msgbox(1)', ''],
    ['https://docs.example.com/a?b=c#d', 'https://docs.example.com/a?b=c#d'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['./docs/setup.md', './docs/setup.md'],
    ['#usage', '#usage'],
  ])('a link to %s has href %j', (href, expected) => {
    const out = html(`[link](${href})`);
    const attr = /href="([^"]*)"/.exec(out)?.[1];
    expect(attr?.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>')).toBe(expected);
    expect(out).toContain('rel="nofollow noopener noreferrer"');
  });

  it('keeps a reference link to an unsafe address from linking anywhere', () => {
    const out = html('[docs][ref] and ![shot][ref]\n\n[ref]: javascript:alert(1)');
    expect(out).toContain('<a href="" rel="nofollow noopener noreferrer">docs</a>');
    expect(out).toContain('<span class="md-image">[image: shot]</span>');
    expect(out).not.toContain('javascript');
  });

  it('shows an image as its alt text and address, without loading it', () => {
    expect(html('![diagram](https://example.com/d.png)')).toBe(
      '<div class="markdown"><p><span class="md-image">[image: diagram (not loaded: https://example.com/d.png)]</span></p></div>',
    );
  });

  it('moves headings down, never below h6', () => {
    expect(html('# One\n\n##### Five', 2)).toBe('<div class="markdown"><h3>One</h3><h6>Five</h6></div>');
  });

  it('renders emphasis, code, tables, task lists, strikethrough and bare links', () => {
    const out = html(
      [
        'Use **hello** or _hi_ with `greet(<name>)` &amp; ~~bye~~ at https://example.com.',
        '',
        '| a | b |',
        '|---|:-:|',
        '| 1 | 2 |',
        '',
        '- [x] done',
        '- [ ] to do',
        '',
        '```js',
        'say("<hi>")',
        '```',
      ].join('\n'),
    );
    expect(out).toContain('<strong>hello</strong>');
    expect(out).toContain('<em>hi</em>');
    expect(out).toContain('<code>greet(&lt;name&gt;)</code> &amp; <del>bye</del>');
    expect(out).toContain(
      '<a href="https://example.com" rel="nofollow noopener noreferrer">https://example.com</a>',
    );
    expect(out).toMatch(/<th style="text-align:center">\s*b\s*<\/th>/);
    expect(out).toMatch(/<td>\s*1\s*<\/td>/);
    expect(out).toContain('<li><input readOnly="" type="checkbox" checked=""/> done</li>');
    expect(out).toContain('<li><input readOnly="" type="checkbox"/> to do</li>');
    expect(out).toMatch(/<pre><code[^>]*>say\(&quot;&lt;hi&gt;&quot;\)\s*<\/code><\/pre>/);
  });

  it('strips the front matter of SKILL.md', () => {
    expect(stripFrontMatter('---\nname: hello\n---\n# Hello\n')).toBe('# Hello\n');
  });
});

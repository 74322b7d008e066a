// Markdown from a package, rendered without any of its HTML: raw HTML is dropped (no rehype-raw),
// react-markdown's URL filter removes javascript: and similar links, links get
// rel="nofollow noopener noreferrer", images are not loaded (their alt text and address are
// shown), and headings move down `headingOffset` levels to sit under the page's own headings.
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ReactNode } from 'react';

/** The YAML front matter of SKILL.md, which is metadata rather than prose. */
export function stripFrontMatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;

function heading(level: number, offset: number) {
  const Tag = `h${Math.min(6, level + offset) as Level}` as const;
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag>{children}</Tag>;
  };
}

function components(offset: number): Components {
  return {
    a: ({ href, children }) => (
      <a href={href} rel="nofollow noopener noreferrer">
        {children}
      </a>
    ),
    img: ({ src, alt }) => (
      <span className="md-image">
        [image{alt ? `: ${alt}` : ''}
        {typeof src === 'string' && src ? ` (not loaded: ${src})` : ''}]
      </span>
    ),
    h1: heading(1, offset),
    h2: heading(2, offset),
    h3: heading(3, offset),
    h4: heading(4, offset),
    h5: heading(5, offset),
    h6: heading(6, offset),
  };
}

export function SafeMarkdown({ text, headingOffset = 0 }: { text: string; headingOffset?: number }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components(headingOffset)}>
        {text}
      </Markdown>
    </div>
  );
}

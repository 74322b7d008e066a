// Markdown from a package, rendered without any of its HTML (docs/website.md, "The package page"):
// markdown-to-jsx (small, with GitHub's tables, strikethrough, task lists and bare links) builds
// React elements, never innerHTML. Raw HTML is dropped (its rules render nothing), links keep
// only http(s), mailto, irc(s), xmpp and relative addresses and get rel="nofollow noopener
// noreferrer", images are not loaded (their alt text and address are shown), and headings move
// down `headingOffset` levels to sit under the page's own headings.
import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import type { ReactNode } from 'react';

/** The YAML front matter of SKILL.md, which is metadata rather than prose. */
export function stripFrontMatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/** `url` when it is relative or of a safe protocol, else '' (a link to nothing). */
export function safeMarkdownUrl(url: string): string {
  const colon = url.indexOf(':');
  const question = url.indexOf('?');
  const hash = url.indexOf('#');
  const slash = url.indexOf('/');
  if (
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (question !== -1 && colon > question) ||
    (hash !== -1 && colon > hash) ||
    SAFE_PROTOCOL.test(url.slice(0, colon))
  )
    return url;
  return '';
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;

function heading(level: number, offset: number) {
  const Tag = `h${Math.min(6, level + offset) as Level}` as const;
  // The heading's generated id is left out: a package's text names no element of the page.
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag>{children}</Tag>;
  };
}

function Link({ href, children }: { href?: string | null; children?: ReactNode }) {
  return (
    <a href={href ?? ''} rel="nofollow noopener noreferrer">
      {children}
    </a>
  );
}

function Image({ src, alt }: { src?: string | null; alt?: string }) {
  return (
    <span className="md-image">
      [image{alt ? `: ${alt}` : ''}
      {src ? ` (not loaded: ${src})` : ''}]
    </span>
  );
}

/** The rules that are HTML written in the Markdown: they render as nothing. */
const HTML_RULES: ReadonlySet<RuleType> = new Set([
  RuleType.htmlBlock,
  RuleType.htmlSelfClosing,
  RuleType.htmlComment,
]);

function options(offset: number): MarkdownToJSX.Options {
  return {
    forceBlock: true,
    wrapper: null,
    sanitizer: (value) => safeMarkdownUrl(value) || null,
    renderRule: (next, node) => (HTML_RULES.has(node.type) ? null : next()),
    overrides: {
      a: Link,
      img: Image,
      h1: heading(1, offset),
      h2: heading(2, offset),
      h3: heading(3, offset),
      h4: heading(4, offset),
      h5: heading(5, offset),
      h6: heading(6, offset),
    },
  };
}

export function SafeMarkdown({ text, headingOffset = 0 }: { text: string; headingOffset?: number }) {
  return <div className="markdown">{compiler(text, options(headingOffset))}</div>;
}

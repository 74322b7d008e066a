// Markdown from a package, rendered without any of its HTML (docs/website.md, "The package page"):
// marked's lexer (CommonMark with GitHub's tables, strikethrough, task lists and bare links) gives
// the tokens, and this file turns them into React elements itself, so nothing of the text ever
// goes through innerHTML. Raw HTML is dropped (block and inline), links keep only http(s),
// mailto, irc(s), xmpp and relative addresses and get rel="nofollow noopener noreferrer", images
// are not loaded (their alt text and address are shown), and headings move down `headingOffset`
// levels to sit under the page's own headings.
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

/** The YAML front matter of SKILL.md, which is metadata rather than prose. */
export function stripFrontMatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * `url` when it is relative or of a safe protocol, else '' (a link to nothing): the rule of
 * react-markdown's defaultUrlTransform, which this renderer replaced.
 */
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

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  middot: '·',
  times: '×',
  rarr: '→',
  larr: '←',
};

/** Text with its character references read (`&amp;`, `&#169;`, `&#xA9;`, common names) as text. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));/g, (ref, dec, hex, name) => {
    if (typeof name === 'string') return NAMED[name] ?? ref;
    const code = dec !== undefined ? Number.parseInt(dec as string, 10) : Number.parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : '\ufffd';
  });
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;
type Align = 'left' | 'right' | 'center' | null;

function inline(tokens: readonly Token[] | undefined, offset: number): ReactNode {
  return tokens?.map((token, i) => <Fragment key={i}>{render(token, offset)}</Fragment>);
}

function cell(c: Tokens.TableCell, align: Align, offset: number, header: boolean) {
  const style = align ? { textAlign: align } : undefined;
  return header ? (
    <th style={style}>{inline(c.tokens, offset)}</th>
  ) : (
    <td style={style}>{inline(c.tokens, offset)}</td>
  );
}

function listItem(item: Tokens.ListItem, offset: number): ReactNode {
  return (
    <li className={item.task ? 'task-list-item' : undefined}>
      {item.tokens.map((token, i) =>
        token.type === 'checkbox' ? (
          <Fragment key={i}>
            <input type="checkbox" disabled checked={item.checked === true} />{' '}
          </Fragment>
        ) : (
          <Fragment key={i}>{render(token, offset)}</Fragment>
        ),
      )}
    </li>
  );
}

/** One token as React elements; anything of HTML, and token kinds not listed, render as nothing. */
function render(token: Token, offset: number): ReactNode {
  switch (token.type) {
    case 'heading': {
      const t = token as Tokens.Heading;
      const Tag = `h${Math.min(6, t.depth + offset) as Level}` as const;
      return <Tag>{inline(t.tokens, offset)}</Tag>;
    }
    case 'paragraph':
      return <p>{inline((token as Tokens.Paragraph).tokens, offset)}</p>;
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens, offset) : decodeEntities(t.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens, offset)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens, offset)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens, offset)}</del>;
    case 'codespan':
      return <code>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'hr':
      return <hr />;
    case 'code': {
      const t = token as Tokens.Code;
      const lang = /^[\w+#.-]+/.exec(t.lang ?? '')?.[0];
      return (
        <pre>
          <code className={lang ? `language-${lang}` : undefined}>{t.text}</code>
        </pre>
      );
    }
    case 'blockquote':
      return <blockquote>{inline((token as Tokens.Blockquote).tokens, offset)}</blockquote>;
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item, i) => <Fragment key={i}>{listItem(item, offset)}</Fragment>);
      return t.ordered ? (
        <ol start={typeof t.start === 'number' && t.start !== 1 ? t.start : undefined}>{items}</ol>
      ) : (
        <ul className={t.items.some((item) => item.task) ? 'contains-task-list' : undefined}>{items}</ul>
      );
    }
    case 'table': {
      const t = token as Tokens.Table;
      return (
        <table>
          <thead>
            <tr>
              {t.header.map((c, i) => (
                <Fragment key={i}>{cell(c, t.align[i] ?? null, offset, true)}</Fragment>
              ))}
            </tr>
          </thead>
          {t.rows.length > 0 ? (
            <tbody>
              {t.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((c, i) => (
                    <Fragment key={i}>{cell(c, t.align[i] ?? null, offset, false)}</Fragment>
                  ))}
                </tr>
              ))}
            </tbody>
          ) : null}
        </table>
      );
    }
    case 'link': {
      const t = token as Tokens.Link;
      return (
        <a href={safeMarkdownUrl(t.href)} rel="nofollow noopener noreferrer">
          {inline(t.tokens, offset)}
        </a>
      );
    }
    case 'image': {
      const t = token as Tokens.Image;
      const alt = decodeEntities(t.text);
      return (
        <span className="md-image">
          [image{alt ? `: ${alt}` : ''}
          {t.href ? ` (not loaded: ${t.href})` : ''}]
        </span>
      );
    }
    // 'html' (raw HTML, block or inline), 'space', 'def' (a link definition) and any other kind
    // show nothing.
    default:
      return null;
  }
}

export function SafeMarkdown({ text, headingOffset = 0 }: { text: string; headingOffset?: number }) {
  const tokens = Lexer.lex(text, { gfm: true });
  return <div className="markdown">{inline(tokens, headingOffset)}</div>;
}

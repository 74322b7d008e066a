// Text rules of every bot reply (docs/bots.md, "Replies"): plain text, no markup; names cleaned of
// control and bidi characters and capped; a reply cut on a line boundary to the platform's limit.

/** Control characters, bidi controls, zero-width and line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** A name shown in a reply: unsafe characters removed, spaces collapsed, at most `max` characters. */
export function cleanName(name: string, max = 64): string {
  const cleaned = name.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  return chars.length > max ? chars.slice(0, max).join('') : cleaned;
}

/** Whether a text holds a character a command argument may never hold. */
export function hasUnsafeCharacters(text: string): boolean {
  return new RegExp(UNSAFE.source).test(text);
}

/** The text cut to `max` characters on a line boundary, marked with `…`. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 2);
  const cut = room.lastIndexOf('\n');
  return `${cut > 0 ? room.slice(0, cut) : room}\n…`;
}

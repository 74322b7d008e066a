// One line of text, as names, reasons and messages in the procedures' inputs are: no line break
// or other control character (C0 or DEL). Browser-safe.
import * as z from 'zod';

const isControl = (code: number): boolean => code < 0x20 || code === 0x7f;

export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

/** `text` with each control character replaced by `?`: safe to repeat on one line of a message. */
export function oneLineText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += isControl(text.charCodeAt(i)) ? '?' : text[i];
  return out;
}

/** A string of at most `max` characters on one line; `what` names it in the messages. */
export const oneLine = (what: string, max: number) =>
  z
    .string()
    .max(max, `${what} is at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), `${what} is one line, without control characters`);

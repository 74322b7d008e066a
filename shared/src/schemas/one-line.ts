// One line of text, as names, reasons and messages in the procedures' inputs are: no line break
// or other control character (C0 or DEL). Browser-safe.
import { z } from 'zod';

export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** A string of at most `max` characters on one line; `what` names it in the messages. */
export const oneLine = (what: string, max: number) =>
  z
    .string()
    .max(max, `${what} is at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), `${what} is one line, without control characters`);

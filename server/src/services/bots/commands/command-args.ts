// The arguments of each command (docs/bots.md, "Commands"): checked before anything is read, so a
// bad argument gets the command's usage line and costs no data call, store write or question.
import { v1AddressSchema, v1SymbolSchema } from '@pkg/shared';
import { hasUnsafeCharacters } from '../format/text.js';

/** Longest argument text a command reads (a question included). */
export const MAX_ARGS_CHARS = 500;

export type ParsedArgs =
  | { kind: 'none' }
  | { kind: 'symbol'; symbol: string }
  | { kind: 'address'; address: string }
  | { kind: 'question'; question: string };

/** The argument each non-alert command takes. */
const ARG_KINDS: Readonly<Record<string, 'none' | 'any' | 'symbol' | 'address' | 'question'>> = {
  coin: 'none',
  holders: 'none',
  burned: 'none',
  ca: 'none',
  tvl: 'none',
  perps: 'none',
  stocks: 'none',
  odds: 'none',
  new: 'none',
  stock: 'symbol',
  filings: 'symbol',
  check: 'address',
  wallet: 'address',
  ask: 'question',
  // /start carries a deep-link payload; /help ignores what follows it.
  help: 'any',
  start: 'any',
};

/** The command's arguments, or undefined when they are bad (the caller answers the usage line). */
export function parseArgs(name: string, raw: string): ParsedArgs | undefined {
  const kind = ARG_KINDS[name];
  if (!kind) return undefined;
  const text = raw.trim();
  if (kind === 'any') return { kind: 'none' };
  if (text.length > MAX_ARGS_CHARS || hasUnsafeCharacters(text)) return undefined;
  switch (kind) {
    case 'none':
      return text === '' ? { kind: 'none' } : undefined;
    case 'symbol': {
      const symbol = v1SymbolSchema.safeParse(text);
      return symbol.success && !/\s/.test(text) ? { kind: 'symbol', symbol: symbol.data } : undefined;
    }
    case 'address': {
      const address = v1AddressSchema.safeParse(text);
      return address.success ? { kind: 'address', address: address.data } : undefined;
    }
    case 'question':
      return text.length >= 1 ? { kind: 'question', question: text } : undefined;
  }
}

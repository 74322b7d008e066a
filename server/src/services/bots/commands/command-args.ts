// The argument parsers of the command table (docs/bots.md, "Commands", "Alerts"): checked before
// anything is read, so a bad argument gets the command's usage line and costs no data call, store
// write or question. Each row of command-table.ts names its parser.
import { v1AddressSchema, v1SymbolSchema } from '@pkg/shared';
import { z } from 'zod';
import { hasUnsafeCharacters } from '../format/text.js';

/** Longest argument text a command reads (a question included). */
export const MAX_ARGS_CHARS = 500;

/** The arguments of a command, or undefined when they are bad. */
export type ArgParser<A> = (raw: string) => A | undefined;

/** A command that takes no argument. */
export type NoArgs = Record<string, never>;
const NONE: NoArgs = {};

/** The text trimmed, and refused when too long or holding an unsafe character. */
const checked =
  <A>(read: (text: string) => A | undefined): ArgParser<A> =>
  (raw) => {
    const text = raw.trim();
    if (text.length > MAX_ARGS_CHARS || hasUnsafeCharacters(text)) return undefined;
    return read(text);
  };

/** Nothing after the name. */
export const noArgs: ArgParser<NoArgs> = checked((text) => (text === '' ? NONE : undefined));

/** Whatever follows is ignored: /start carries a deep-link payload; /help ignores what follows it. */
export const anyArgs: ArgParser<NoArgs> = () => NONE;

/** One ticker symbol. */
export const symbolArg: ArgParser<string> = checked((text) => {
  const symbol = v1SymbolSchema.safeParse(text);
  return symbol.success && !/\s/.test(text) ? symbol.data : undefined;
});

/** One 0x address. */
export const addressArg: ArgParser<string> = checked((text) => {
  const address = v1AddressSchema.safeParse(text);
  return address.success ? address.data : undefined;
});

/** A question: any non-empty text. */
export const questionArg: ArgParser<string> = checked((text) => (text.length >= 1 ? text : undefined));

// The alert commands read their argument text as words.

/** A positive decimal: digits, an optional fraction; no sign, exponent, NaN, Infinity or comma. */
const amount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,18})?$/)
  .refine((s) => /[1-9]/.test(s), 'above 0')
  .transform((s) => {
    const [int = '0', frac] = s.split('.');
    const i = int.replace(/^0+(?=\d)/, '');
    const f = frac?.replace(/0+$/, '');
    return f ? `${i}.${f}` : i;
  });

/** The unit a level is written in: US dollars, or a token symbol to match with the pool's. */
export type LevelUnit = { kind: 'usd' } | { kind: 'symbol'; symbol: string };
const USD: LevelUnit = { kind: 'usd' };

/** `$0.005`: a dollar sign before the amount. */
const dollarAmount = z
  .string()
  .regex(/^\$/)
  .transform((s) => s.slice(1))
  .pipe(amount);

/** `USD` or `$`, or a token symbol: letters, digits, `.` and `-`, with a letter at least. */
const unitWord = z.union([
  z
    .string()
    .regex(/^(usd|\$)$/i)
    .transform((): LevelUnit => USD),
  z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9.-]{1,42}$/)
    .transform((symbol): LevelUnit => ({ kind: 'symbol', symbol })),
]);

const side = z.enum(['above', 'below']);
const priceSchema = z.union([
  z.tuple([side, amount]).transform(([s, level]) => ({ side: s, level, unit: USD })),
  z.tuple([side, dollarAmount]).transform(([s, level]) => ({ side: s, level, unit: USD })),
  z.tuple([side, amount, unitWord]).transform(([s, level, unit]) => ({ side: s, level, unit })),
]);
export type PriceArgs = z.infer<typeof priceSchema>;

const words = (raw: string) => raw.trim().split(/\s+/).filter(Boolean);

/** The words of the text read by a schema. */
const wordsOf =
  <T>(schema: z.ZodType<T, unknown>): ArgParser<T> =>
  (raw) => {
    const parsed = schema.safeParse(words(raw));
    return parsed.success ? parsed.data : undefined;
  };

/** `above|below <price> [USD|<quote symbol>]`; the side in any case. */
export const priceAlertArgs: ArgParser<PriceArgs> = (raw) => {
  const parts = words(raw);
  const parsed = priceSchema.safeParse([parts[0]?.toLowerCase(), ...parts.slice(1)]);
  return parsed.success ? parsed.data : undefined;
};

const onAmount = wordsOf(z.tuple([z.literal('on'), amount]));
const on = wordsOf(z.tuple([z.literal('on')]));
const nothing = wordsOf(z.tuple([]));
const alertNumber = wordsOf(z.tuple([z.string().regex(/^(all|[1-9]|10)$/)]));

/** `on <amount>`: the amount. */
export const onAmountArgs: ArgParser<string> = (raw) => onAmount(raw)?.[1];

/** `on`. */
export const onArgs: ArgParser<NoArgs> = (raw) => (on(raw) ? NONE : undefined);

/** No word (blank space is none). */
export const noWords: ArgParser<NoArgs> = (raw) => (nothing(raw) ? NONE : undefined);

/** `<n>|all`: an alert's number, 1 to 10, or `all`. */
export const alertNumberArgs: ArgParser<string> = (raw) => alertNumber(raw)?.[0];

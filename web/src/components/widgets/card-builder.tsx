// The card builder of /widgets (docs/website.md, "Pages"): choose a card and its size, see it
// live in an iframe of this site, and copy the `<iframe>` snippet. Inputs are checked with the
// public API's own parameter schemas, and the snippet and preview only ever show a valid card.
import { poolCardParamsSchema, v1SymbolSchema } from '@pkg/shared/contract';
import { useId, useState } from 'react';
import { CopyButton } from '../copy-button';

type Card = 'token' | 'stock' | 'pool';

const CARDS: { value: Card; label: string }[] = [
  { value: 'token', label: 'Project token' },
  { value: 'stock', label: 'Stock token' },
  { value: 'pool', label: 'Pool' },
];

const SIZE = { width: { min: 200, max: 1200 }, height: { min: 120, max: 800 } } as const;

/** The first message of a failed check, or undefined when the value passes. */
function check(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'not valid');
}

function sizeError(value: string, { min, max }: { min: number; max: number }): string | undefined {
  const n = Number(value);
  return /^\d+$/.test(value) && n >= min && n <= max
    ? undefined
    : `a whole number of pixels from ${min} to ${max}`;
}

/** The card's path and the iframe's title, or the errors of the inputs that make it up. */
export function cardOf(input: {
  card: Card;
  symbol: string;
  network: string;
  address: string;
}): { path: string; title: string } | { errors: Partial<Record<'symbol' | 'network' | 'address', string>> } {
  if (input.card === 'token') return { path: '/embed/token', title: 'Project token price' };
  if (input.card === 'stock') {
    const parsed = v1SymbolSchema.safeParse(input.symbol);
    if (!parsed.success)
      return {
        errors: {
          symbol: input.symbol.trim() ? parsed.error.issues[0]?.message : 'enter a ticker such as SPY',
        },
      };
    return { path: `/embed/stock/${encodeURIComponent(parsed.data)}`, title: `${parsed.data} stock token` };
  }
  const network = input.network.trim();
  const address = input.address.trim();
  const errors = {
    network: network
      ? check(poolCardParamsSchema.shape.network, network)
      : 'enter a network such as robinhood',
    address: address ? check(poolCardParamsSchema.shape.address, address) : 'enter the pool address',
  };
  if (errors.network || errors.address) return { errors };
  return { path: `/embed/pool/${network}/${address}`, title: `Pool ${address} on ${network}` };
}

export function snippetOf(
  origin: string,
  path: string,
  width: string,
  height: string,
  title: string,
): string {
  return `<iframe src="${origin}${path}" width="${width}" height="${height}" title="${title}" loading="lazy" style="border:0"></iframe>`;
}

function Field({
  label,
  value,
  onChange,
  error,
  hint,
  inputMode,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  testId: string;
}) {
  const id = useId();
  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error" data-testid={`${testId}-error`}>
          {label}: {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className="muted field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

type CardInput = Parameters<typeof cardOf>[0];
type InputErrors = Extract<ReturnType<typeof cardOf>, { errors: unknown }>['errors'];
type Size = { width: string; height: string };
type ReadyCard = { path: string; title: string };

function CardChoice({ card, onChange }: { card: Card; onChange: (card: Card) => void }) {
  return (
    <fieldset>
      <legend>Card</legend>
      {CARDS.map((c) => (
        <label key={c.value} className="builder-choice">
          <input
            type="radio"
            name="card"
            value={c.value}
            checked={card === c.value}
            onChange={() => onChange(c.value)}
          />{' '}
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen card's own fields: a stock's symbol, a pool's network and address; none for the token. */
function CardFields({
  input,
  errors,
  onChange,
}: {
  input: CardInput;
  errors: InputErrors;
  onChange: (key: keyof InputErrors, value: string) => void;
}) {
  if (input.card === 'stock')
    return (
      <Field
        label="Symbol"
        value={input.symbol}
        onChange={(value) => onChange('symbol', value)}
        error={input.symbol.trim() ? errors.symbol : undefined}
        hint="A ticker the issuer lists, such as SPY"
        testId="builder-symbol"
      />
    );
  if (input.card !== 'pool') return null;
  return (
    <>
      <Field
        label="Network"
        value={input.network}
        onChange={(value) => onChange('network', value)}
        error={errors.network}
        hint="robinhood, eth, base …"
        testId="builder-network"
      />
      <Field
        label="Pool address"
        value={input.address}
        onChange={(value) => onChange('address', value)}
        error={input.address.trim() ? errors.address : undefined}
        hint="0x + 40 hex digits, a v4 pool id, or a base58 address"
        testId="builder-address"
      />
    </>
  );
}

function SizeFields({
  size,
  errors,
  onChange,
}: {
  size: Size;
  errors: Partial<Size>;
  onChange: (key: keyof Size, value: string) => void;
}) {
  return (
    <div className="builder-size">
      <Field
        label="Width"
        value={size.width}
        onChange={(value) => onChange('width', value)}
        error={errors.width}
        inputMode="numeric"
        testId="builder-width"
      />
      <Field
        label="Height"
        value={size.height}
        onChange={(value) => onChange('height', value)}
        error={errors.height}
        inputMode="numeric"
        testId="builder-height"
      />
    </div>
  );
}

function SnippetPanel({ ready, size }: { ready: ReadyCard | undefined; size: Size }) {
  const snippet = ready
    ? snippetOf(window.location.origin, ready.path, size.width, size.height, ready.title)
    : undefined;
  return (
    <section className="panel" aria-labelledby="snippet-heading">
      <h2 id="snippet-heading">Snippet</h2>
      {snippet !== undefined ? (
        <>
          <pre className="snippet" data-testid="builder-snippet">
            <code>{snippet}</code>
          </pre>
          <CopyButton text={snippet} label="Copy the snippet" />
        </>
      ) : (
        <p className="muted" data-testid="builder-no-snippet">
          Fill in the card's fields to get its snippet.
        </p>
      )}
    </section>
  );
}

function PreviewPanel({ ready, size }: { ready: ReadyCard | undefined; size: Size }) {
  return (
    <section className="panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      {ready ? (
        <div className="widget-preview">
          <iframe
            key={ready.path}
            src={ready.path}
            width={size.width}
            height={size.height}
            title={`Preview: ${ready.title}`}
            data-testid="builder-preview"
          />
        </div>
      ) : (
        <p className="muted">The preview appears once the card's fields are valid.</p>
      )}
    </section>
  );
}

export function CardBuilder() {
  const [input, setInput] = useState<CardInput>({
    card: 'token',
    symbol: '',
    network: 'robinhood',
    address: '',
  });
  const [size, setSize] = useState<Size>({ width: '320', height: '180' });
  const chosen = cardOf(input);
  const sizeErrors = {
    width: sizeError(size.width, SIZE.width),
    height: sizeError(size.height, SIZE.height),
  };
  const ready = 'path' in chosen && !sizeErrors.width && !sizeErrors.height ? chosen : undefined;
  return (
    <>
      <section className="panel" aria-labelledby="builder-heading">
        <h2 id="builder-heading">Choose a card</h2>
        <form className="builder" onSubmit={(e) => e.preventDefault()} aria-label="Card builder">
          <CardChoice card={input.card} onChange={(card) => setInput((prev) => ({ ...prev, card }))} />
          <CardFields
            input={input}
            errors={'errors' in chosen ? chosen.errors : {}}
            onChange={(key, value) => setInput((prev) => ({ ...prev, [key]: value }))}
          />
          <SizeFields
            size={size}
            errors={sizeErrors}
            onChange={(key, value) => setSize((prev) => ({ ...prev, [key]: value }))}
          />
        </form>
      </section>
      <SnippetPanel ready={ready} size={size} />
      <PreviewPanel ready={ready} size={size} />
    </>
  );
}

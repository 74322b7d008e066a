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

export function CardBuilder() {
  const [card, setCard] = useState<Card>('token');
  const [symbol, setSymbol] = useState('');
  const [network, setNetwork] = useState('robinhood');
  const [address, setAddress] = useState('');
  const [width, setWidth] = useState('320');
  const [height, setHeight] = useState('180');
  const chosen = cardOf({ card, symbol, network, address });
  const widthError = sizeError(width, SIZE.width);
  const heightError = sizeError(height, SIZE.height);
  const errors = 'errors' in chosen ? chosen.errors : {};
  const ready = 'path' in chosen && !widthError && !heightError ? chosen : undefined;
  const origin = window.location.origin;
  return (
    <>
      <section className="panel" aria-labelledby="builder-heading">
        <h2 id="builder-heading">Choose a card</h2>
        <form className="builder" onSubmit={(e) => e.preventDefault()} aria-label="Card builder">
          <fieldset>
            <legend>Card</legend>
            {CARDS.map((c) => (
              <label key={c.value} className="builder-choice">
                <input
                  type="radio"
                  name="card"
                  value={c.value}
                  checked={card === c.value}
                  onChange={() => setCard(c.value)}
                />{' '}
                {c.label}
              </label>
            ))}
          </fieldset>
          {card === 'stock' ? (
            <Field
              label="Symbol"
              value={symbol}
              onChange={setSymbol}
              error={symbol.trim() ? errors.symbol : undefined}
              hint="A ticker the issuer lists, such as SPY"
              testId="builder-symbol"
            />
          ) : null}
          {card === 'pool' ? (
            <>
              <Field
                label="Network"
                value={network}
                onChange={setNetwork}
                error={errors.network}
                hint="robinhood, eth, base …"
                testId="builder-network"
              />
              <Field
                label="Pool address"
                value={address}
                onChange={setAddress}
                error={address.trim() ? errors.address : undefined}
                hint="0x + 40 hex digits, a v4 pool id, or a base58 address"
                testId="builder-address"
              />
            </>
          ) : null}
          <div className="builder-size">
            <Field
              label="Width"
              value={width}
              onChange={setWidth}
              error={widthError}
              inputMode="numeric"
              testId="builder-width"
            />
            <Field
              label="Height"
              value={height}
              onChange={setHeight}
              error={heightError}
              inputMode="numeric"
              testId="builder-height"
            />
          </div>
        </form>
      </section>
      <section className="panel" aria-labelledby="snippet-heading">
        <h2 id="snippet-heading">Snippet</h2>
        {ready ? (
          <>
            <pre className="snippet" data-testid="builder-snippet">
              <code>{snippetOf(origin, ready.path, width, height, ready.title)}</code>
            </pre>
            <CopyButton
              text={snippetOf(origin, ready.path, width, height, ready.title)}
              label="Copy the snippet"
            />
          </>
        ) : (
          <p className="muted" data-testid="builder-no-snippet">
            Fill in the card's fields to get its snippet.
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="preview-heading">
        <h2 id="preview-heading">Preview</h2>
        {ready ? (
          <div className="widget-preview">
            <iframe
              key={ready.path}
              src={ready.path}
              width={width}
              height={height}
              title={`Preview: ${ready.title}`}
              data-testid="builder-preview"
            />
          </div>
        ) : (
          <p className="muted">The preview appears once the card's fields are valid.</p>
        )}
      </section>
    </>
  );
}

// A member the source did not report: "—" with a title saying so, never a 0 (docs/website.md,
// "Pages": a panel never invents a value).
import { formatPercent } from '../../lib/format';

export function Missing({ what, source, why }: { what: string; source?: string; why?: string }) {
  const text = why ? `${what}: ${why}` : `${what}: not reported${source ? ` by ${source}` : ''}`;
  return (
    <span className="missing" title={text} data-testid="missing">
      —<span className="visually-hidden"> ({text})</span>
    </span>
  );
}

/** A signed percent with its direction's color (up / down). */
export function Signed({ value, text }: { value: number; text: string }) {
  return <span className={value > 0 ? 'up' : value < 0 ? 'down' : undefined}>{text}</span>;
}

/** A change in percent with its direction's color, or "—" saying the source did not report it. */
export function PercentChange({
  value,
  what,
  source,
}: {
  value: number | undefined;
  what: string;
  source: string;
}) {
  return value === undefined ? (
    <Missing what={what} source={source} />
  ) : (
    <Signed value={value} text={formatPercent(value)} />
  );
}

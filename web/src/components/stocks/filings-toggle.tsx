// The "Filings" disclosure of a stock: a button (aria-expanded) that opens the regulator filings
// card below it; the open symbol lives in the page's URL (/stocks?filings=AAPL) so it can be linked.
import type { trpc as trpcProxy } from '../../lib/trpc';
import { FilingsCard } from './filings-card';
import { slugOf } from './stock-section';

export function FilingsToggle({
  trpc,
  symbol,
  open,
  onToggle,
}: {
  trpc: typeof trpcProxy;
  symbol: string;
  open: boolean;
  onToggle: () => void;
}) {
  const cardId = `filings-card-${slugOf(symbol)}`;
  return (
    <div className="filings-toggle">
      <button type="button" aria-expanded={open} aria-controls={cardId} onClick={onToggle}>
        Filings<span className="visually-hidden"> of {symbol}</span>
      </button>
      {open ? <FilingsCard trpc={trpc} symbol={symbol} id={cardId} /> : null}
    </div>
  );
}

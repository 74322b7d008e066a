// The pool's recent swaps read from the chain (GET /v1/token/live): newest first, each with its
// block, side, amounts, price and transaction.
import { formatAmount, formatPrice, shortAddress } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import type { Swap, TokenLiveAnswer } from './types';

/** The columns, headed by the pool's two symbols. */
function tradeColumns(project: string, quote: string): Column<Swap>[] {
  return [
    { key: 'block', header: 'Block', cell: (swap) => swap.blockNumber },
    {
      key: 'side',
      header: 'Side',
      className: (swap) => (swap.side === 'buy' ? 'up' : 'down'),
      cell: (swap) => (swap.side === 'buy' ? 'Buy' : 'Sell'),
    },
    { key: 'project', header: project, align: 'end', cell: (swap) => formatAmount(swap.projectAmount) },
    { key: 'quote', header: quote, align: 'end', cell: (swap) => formatAmount(swap.quoteAmount) },
    {
      key: 'price',
      header: `Price (${quote})`,
      align: 'end',
      cell: (swap) => (swap.priceInQuote ? formatPrice(swap.priceInQuote) : 'not read'),
    },
    {
      key: 'transaction',
      header: 'Transaction',
      cell: (swap) => <code title={swap.txHash}>{shortAddress(swap.txHash)}</code>,
    },
  ];
}

export function TradesPanel({ live }: { live: TokenLiveAnswer }) {
  return (
    <SectionPanel id="trades" title="Recent trades" section={live.swaps}>
      {(s) => (
        <>
          <p className="muted">
            {s.count} swap{s.count === 1 ? '' : 's'} in blocks {s.fromBlock}–{s.toBlock}
            {s.truncated ? ` (the newest ${s.swaps.length} shown)` : ''}.
          </p>
          <DataTable
            columns={tradeColumns(s.projectToken.symbol ?? 'token', s.quoteToken.symbol ?? 'quote')}
            rows={s.swaps}
            rowKey={(swap) => `${swap.txHash}-${swap.logIndex}`}
            className="data"
            testId="trades-table"
            caption="Recent swaps of the pool, newest first"
            label="Recent trades table"
            empty={<p>No swaps in these blocks.</p>}
          />
        </>
      )}
    </SectionPanel>
  );
}

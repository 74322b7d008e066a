// The pool's recent swaps read from the chain (GET /v1/token/live): newest first, each with its
// block, side, amounts, price and transaction.
import { formatAmount, shortAddress } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { formatPrice } from '../../lib/format';
import type { TokenLiveAnswer } from './types';

export function TradesPanel({ live }: { live: TokenLiveAnswer }) {
  return (
    <SectionPanel id="trades" title="Recent trades" section={live.swaps}>
      {(s) => {
        const project = s.projectToken.symbol ?? 'token';
        const quote = s.quoteToken.symbol ?? 'quote';
        return (
          <>
            <p className="muted">
              {s.count} swap{s.count === 1 ? '' : 's'} in blocks {s.fromBlock}–{s.toBlock}
              {s.truncated ? ` (the newest ${s.swaps.length} shown)` : ''}.
            </p>
            {s.swaps.length === 0 ? (
              <p>No swaps in these blocks.</p>
            ) : (
              <TableWrap label="Recent trades table">
                <table className="data" data-testid="trades-table">
                  <caption className="visually-hidden">Recent swaps of the pool, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Block</th>
                      <th scope="col">Side</th>
                      <th scope="col" className="num">
                        {project}
                      </th>
                      <th scope="col" className="num">
                        {quote}
                      </th>
                      <th scope="col" className="num">
                        Price ({quote})
                      </th>
                      <th scope="col">Transaction</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.swaps.map((swap) => (
                      <tr key={`${swap.txHash}-${swap.logIndex}`}>
                        <td>{swap.blockNumber}</td>
                        <td className={swap.side === 'buy' ? 'up' : 'down'}>
                          {swap.side === 'buy' ? 'Buy' : 'Sell'}
                        </td>
                        <td className="num">{formatAmount(swap.projectAmount)}</td>
                        <td className="num">{formatAmount(swap.quoteAmount)}</td>
                        <td className="num">
                          {swap.priceInQuote ? formatPrice(swap.priceInQuote) : 'not read'}
                        </td>
                        <td>
                          <code title={swap.txHash}>{shortAddress(swap.txHash)}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </>
        );
      }}
    </SectionPanel>
  );
}

// The stock tokens on /live: per symbol the DEX price of its deepest pool, the reference price and
// the premium (docs/website.md, "Premium"), with the `last close` flag; the full table is /stocks.
import type { V1Stocks } from '@pkg/shared/contract';
import { Link } from '@tanstack/react-router';
import { formatFraction, formatUsd } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { LastCloseBadge } from '../stocks/last-close-badge';
import { deepestRow } from '../stocks/premium';
import { TableWrap } from '../data/table-wrap';
import { Missing, Signed } from './missing';

export function StocksSummaryPanel({ stocks }: { stocks: V1Stocks }) {
  return (
    <SectionPanel id="stocks" title="Stock tokens" section={stocks.issuer}>
      {(issuer) => (
        <>
          {stocks.stocks.length === 0 ? (
            <p>The issuer lists no stock token on the chain.</p>
          ) : (
            <TableWrap label="Stock token premiums">
              <table className="data">
                <caption className="visually-hidden">
                  Stock token premiums, by each token's deepest pool
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Symbol</th>
                    <th scope="col" className="num">
                      DEX price
                    </th>
                    <th scope="col" className="num">
                      Reference
                    </th>
                    <th scope="col" className="num">
                      Premium
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stocks.stocks.map((s) => {
                    const row = deepestRow(s);
                    const why = s.premium.reason ?? 'no premium row';
                    return (
                      <tr key={s.symbol} data-testid={`stock-summary-${s.symbol}`}>
                        <th scope="row" title={s.name}>
                          {s.symbol}
                        </th>
                        <td className="num">
                          {row ? formatUsd(row.dexPrice) : <Missing what="DEX price" why={why} />}
                        </td>
                        <td className="num">
                          {s.premium.reference ? (
                            formatUsd(s.premium.reference.price)
                          ) : (
                            <Missing what="Reference price" why={why} />
                          )}
                        </td>
                        <td className="num">
                          {row ? (
                            <>
                              <Signed value={row.premium} text={formatFraction(row.premium)} />
                              {row.lastClose ? (
                                <>
                                  {' '}
                                  <LastCloseBadge />
                                </>
                              ) : null}
                            </>
                          ) : (
                            <Missing what="Premium" why={why} />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
          )}
          <p className="muted">
            {issuer.listed} listed by the issuer on the chain.{' '}
            <Link to="/stocks">Every pool's premium and the companies' filings</Link>
          </p>
        </>
      )}
    </SectionPanel>
  );
}

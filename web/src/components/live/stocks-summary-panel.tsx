// The stock tokens on /live: per symbol the DEX price of its deepest pool, the reference price and
// the premium (docs/website.md, "Premium"), with the `last close` flag; the full table is /stocks.
import type { StockToken, V1Stocks } from '@pkg/shared/contract';
import { Link } from '@tanstack/react-router';
import { formatFraction, formatUsd } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { LastCloseBadge } from '../stocks/last-close-badge';
import { deepestRow } from '../stocks/premium';
import { Missing, Signed } from './missing';

/** Why a stock token has no premium row, as the server said. */
const whyNone = (s: StockToken) => s.premium.reason ?? 'no premium row';

function SummaryPremium({ stock }: { stock: StockToken }) {
  const row = deepestRow(stock);
  if (!row) return <Missing what="Premium" why={whyNone(stock)} />;
  return (
    <>
      <Signed value={row.premium} text={formatFraction(row.premium)} />
      {row.lastClose ? (
        <>
          {' '}
          <LastCloseBadge />
        </>
      ) : null}
    </>
  );
}

const SUMMARY_COLUMNS: Column<StockToken>[] = [
  { key: 'symbol', header: 'Symbol', rowHeader: true, title: (s) => s.name, cell: (s) => s.symbol },
  {
    key: 'dex-price',
    header: 'DEX price',
    align: 'end',
    cell: (s) => {
      const row = deepestRow(s);
      return row ? formatUsd(row.dexPrice) : <Missing what="DEX price" why={whyNone(s)} />;
    },
  },
  {
    key: 'reference',
    header: 'Reference',
    align: 'end',
    cell: (s) =>
      s.premium.reference ? (
        formatUsd(s.premium.reference.price)
      ) : (
        <Missing what="Reference price" why={whyNone(s)} />
      ),
  },
  { key: 'premium', header: 'Premium', align: 'end', cell: (s) => <SummaryPremium stock={s} /> },
];

export function StocksSummaryPanel({ stocks }: { stocks: V1Stocks }) {
  return (
    <SectionPanel id="stocks" title="Stock tokens" section={stocks.issuer}>
      {(issuer) => (
        <>
          <DataTable
            columns={SUMMARY_COLUMNS}
            rows={stocks.stocks}
            rowKey={(s) => s.symbol}
            rowTestId={(s) => `stock-summary-${s.symbol}`}
            className="data"
            caption="Stock token premiums, by each token's deepest pool"
            label="Stock token premiums"
            empty={<p>The issuer lists no stock token on the chain.</p>}
          />
          <p className="muted">
            {issuer.listed} listed by the issuer on the chain.{' '}
            <Link to="/stocks">Every pool's premium and the companies' filings</Link>
          </p>
        </>
      )}
    </SectionPanel>
  );
}

// Hyperliquid's perpetual markets (docs/public-api.md, "GET /v1/chain"): mark price as sent, 24 h
// change, volume and open interest in the dex's collateral, and the hourly funding rate.
import { providerName, type PerpMarketsPanel, type V1Chain } from '@pkg/shared/contract';
import { formatAmount, formatFraction } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { Missing, PercentChange } from './missing';
import { usdColumn } from './usd-column';

type PerpMarket = PerpMarketsPanel['markets'][number];

/** The columns: a member `source` left out is 'not reported by' it. */
function perpColumns(source: string): Column<PerpMarket>[] {
  return [
    { key: 'market', header: 'Market', rowHeader: true, cell: (m) => m.name },
    {
      key: 'mark',
      header: 'Mark price',
      align: 'end',
      cell: (m) =>
        m.markPx === undefined ? (
          <Missing what="Mark price" source={source} />
        ) : (
          `$${formatAmount(m.markPx, 8)}`
        ),
    },
    {
      key: 'change',
      header: '24 h',
      align: 'end',
      cell: (m) => <PercentChange value={m.change24hPct} what="24 h change" source={source} />,
    },
    usdColumn({ key: 'volume', header: '24 h volume', source, value: (m) => m.volume24hNotional }),
    usdColumn({
      key: 'open-interest',
      header: 'Open interest',
      source,
      value: (m) => m.openInterestNotional,
    }),
    {
      key: 'funding',
      header: 'Funding (1 h)',
      align: 'end',
      cell: (m) =>
        m.funding === undefined || !Number.isFinite(Number(m.funding)) ? (
          <Missing what="Funding rate" source={source} />
        ) : (
          <span title={`${m.funding} per hour`}>{formatFraction(Number(m.funding), 4)}</span>
        ),
    },
  ];
}

export function PerpsPanel({ section }: { section: V1Chain['perps'] }) {
  /** Who sent the data: a member it left out is 'not reported by' it. */
  const SOURCE = providerName(section.provenance?.source ?? '');
  return (
    <SectionPanel id="perps" title="Perpetuals" section={section}>
      {(data) => (
        <DataTable
          columns={perpColumns(SOURCE)}
          rows={data.markets}
          rowKey={(m) => m.name}
          className="data"
          label="Perpetual markets"
          empty={<p>{SOURCE} lists no perpetual market.</p>}
        />
      )}
    </SectionPanel>
  );
}

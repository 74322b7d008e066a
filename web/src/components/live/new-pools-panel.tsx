// The newest pools on the chain (docs/public-api.md, "GET /v1/chain"), as GeckoTerminal lists them.
import { providerName, type V1Chain, type V1Pool } from '@pkg/shared/contract';
import { formatAge, formatDate } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { Missing } from './missing';
import { usdColumn } from './usd-column';

/** The columns: a member `source` left out is 'not reported by' it. */
function newPoolColumns(source: string, now: number): Column<V1Pool>[] {
  return [
    {
      key: 'pool',
      header: 'Pool',
      rowHeader: true,
      title: (p) => p.address,
      cell: (p) => p.name ?? `${p.baseToken.symbol ?? '?'} / ${p.quoteToken.symbol ?? '?'}`,
    },
    {
      key: 'pair',
      header: 'Base / quote',
      cell: (p) => (
        <>
          <span title={p.baseToken.address}>{p.baseToken.symbol ?? p.baseToken.address}</span>
          {' / '}
          <span title={p.quoteToken.address}>{p.quoteToken.symbol ?? p.quoteToken.address}</span>
        </>
      ),
    },
    { key: 'dex', header: 'DEX', cell: (p) => p.dex ?? <Missing what="DEX" source={source} /> },
    usdColumn({ key: 'price', header: 'Price (USD)', what: 'Price', source, value: (p) => p.priceUsd }),
    usdColumn({ key: 'liquidity', header: 'Liquidity', source, value: (p) => p.liquidityUsd }),
    usdColumn({ key: 'volume', header: '24 h volume', source, value: (p) => p.volume24hUsd }),
    {
      key: 'created',
      header: 'Created',
      cell: (p) =>
        p.createdAt === undefined ? (
          <Missing what="Creation time" source={source} />
        ) : (
          <time dateTime={p.createdAt} title={formatDate(p.createdAt)}>
            {formatAge(p.createdAt, now)}
          </time>
        ),
    },
  ];
}

export function NewPoolsPanel({ section }: { section: V1Chain['newPools'] }) {
  /** Who sent the data: a member it left out is 'not reported by' it. */
  const SOURCE = providerName(section.provenance?.source ?? '');
  const now = useNow();
  return (
    <SectionPanel id="new-pools" title="Newest pools" section={section}>
      {(data) => (
        <DataTable
          columns={newPoolColumns(SOURCE, now)}
          rows={data.pools}
          rowKey={(p) => `${p.network}:${p.address}`}
          className="data"
          label="Newest pools"
          empty={<p>{SOURCE} lists no new pool on the chain.</p>}
        />
      )}
    </SectionPanel>
  );
}

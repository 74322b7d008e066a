// The DeFi protocols with TVL on the chain (docs/public-api.md, "GET /v1/chain"): TVL on this
// chain, and the protocol's total TVL change over 1 and 7 days.
import { providerName, type ChainProtocols, type V1Chain } from '@pkg/shared/contract';
import { formatUsd } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { Missing, PercentChange } from './missing';

type Protocol = ChainProtocols['protocols'][number];

/** The columns: a member `source` left out is 'not reported by' it. */
function protocolColumns(source: string): Column<Protocol>[] {
  return [
    {
      key: 'protocol',
      header: 'Protocol',
      rowHeader: true,
      cell: (p) =>
        p.url ? (
          <a href={p.url} rel="noopener nofollow" target="_blank">
            {p.name}
          </a>
        ) : (
          p.name
        ),
    },
    {
      key: 'category',
      header: 'Category',
      cell: (p) => p.category ?? <Missing what="Category" source={source} />,
    },
    { key: 'tvl', header: 'TVL on chain', align: 'end', cell: (p) => formatUsd(p.tvlUsd) },
    {
      key: 'change1d',
      header: '1 d',
      align: 'end',
      cell: (p) => <PercentChange value={p.change1dPct} what="1-day change" source={source} />,
    },
    {
      key: 'change7d',
      header: '7 d',
      align: 'end',
      cell: (p) => <PercentChange value={p.change7dPct} what="7-day change" source={source} />,
    },
  ];
}

export function ProtocolsPanel({ section }: { section: V1Chain['protocols'] }) {
  /** Who sent the data: a member it left out is 'not reported by' it. */
  const SOURCE = providerName(section.provenance?.source ?? '');
  return (
    <SectionPanel id="protocols" title="DeFi protocols" section={section}>
      {(data) =>
        data.protocols.length === 0 ? (
          <p>
            {SOURCE} lists no protocol with TVL on {data.chain}.
          </p>
        ) : (
          <TableWrap label="DeFi protocols">
            <DataTable
              columns={protocolColumns(SOURCE)}
              rows={data.protocols}
              rowKey={(p) => p.slug ?? p.name}
              className="data"
              caption={`The largest of ${data.total} protocols with TVL on ${data.chain}`}
            />
            <p className="muted">
              {data.protocols.length} of {data.total} protocols with TVL on {data.chain}; changes are of each
              protocol's TVL on all chains.
            </p>
          </TableWrap>
        )
      }
    </SectionPanel>
  );
}

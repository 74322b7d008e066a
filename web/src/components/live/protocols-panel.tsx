// The DeFi protocols with TVL on the chain (docs/public-api.md, "GET /v1/chain"): TVL on this
// chain, and the protocol's total TVL change over 1 and 7 days.
import { providerName, type V1Chain } from '@pkg/shared/contract';
import { formatPercent, formatUsd } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { Missing, Signed } from './missing';

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
            <table className="data">
              <caption className="visually-hidden">
                The largest of {data.total} protocols with TVL on {data.chain}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Protocol</th>
                  <th scope="col">Category</th>
                  <th scope="col" className="num">
                    TVL on chain
                  </th>
                  <th scope="col" className="num">
                    1 d
                  </th>
                  <th scope="col" className="num">
                    7 d
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.protocols.map((p) => (
                  <tr key={p.slug ?? p.name}>
                    <th scope="row">
                      {p.url ? (
                        <a href={p.url} rel="noopener nofollow" target="_blank">
                          {p.name}
                        </a>
                      ) : (
                        p.name
                      )}
                    </th>
                    <td>{p.category ?? <Missing what="Category" source={SOURCE} />}</td>
                    <td className="num">{formatUsd(p.tvlUsd)}</td>
                    <td className="num">
                      {p.change1dPct === undefined ? (
                        <Missing what="1-day change" source={SOURCE} />
                      ) : (
                        <Signed value={p.change1dPct} text={formatPercent(p.change1dPct)} />
                      )}
                    </td>
                    <td className="num">
                      {p.change7dPct === undefined ? (
                        <Missing what="7-day change" source={SOURCE} />
                      ) : (
                        <Signed value={p.change7dPct} text={formatPercent(p.change7dPct)} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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

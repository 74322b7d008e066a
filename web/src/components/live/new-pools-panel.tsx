// The newest pools on the chain (docs/public-api.md, "GET /v1/chain"), as GeckoTerminal lists them.
import { providerName, type V1Chain } from '@pkg/shared/contract';
import { formatAge, formatDate } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { Missing } from './missing';
import { UsdCell } from './usd-cell';

export function NewPoolsPanel({ section }: { section: V1Chain['newPools'] }) {
  /** Who sent the data: a member it left out is 'not reported by' it. */
  const SOURCE = providerName(section.provenance?.source ?? '');
  const now = useNow();
  return (
    <SectionPanel id="new-pools" title="Newest pools" section={section}>
      {(data) =>
        data.pools.length === 0 ? (
          <p>{SOURCE} lists no new pool on the chain.</p>
        ) : (
          <TableWrap label="Newest pools">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Pool</th>
                  <th scope="col">Base / quote</th>
                  <th scope="col">DEX</th>
                  <th scope="col" className="num">
                    Price (USD)
                  </th>
                  <th scope="col" className="num">
                    Liquidity
                  </th>
                  <th scope="col" className="num">
                    24 h volume
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.pools.map((p) => (
                  <tr key={`${p.network}:${p.address}`}>
                    <th scope="row" title={p.address}>
                      {p.name ?? `${p.baseToken.symbol ?? '?'} / ${p.quoteToken.symbol ?? '?'}`}
                    </th>
                    <td>
                      <span title={p.baseToken.address}>{p.baseToken.symbol ?? p.baseToken.address}</span>
                      {' / '}
                      <span title={p.quoteToken.address}>{p.quoteToken.symbol ?? p.quoteToken.address}</span>
                    </td>
                    <td>{p.dex ?? <Missing what="DEX" source={SOURCE} />}</td>
                    <UsdCell value={p.priceUsd} what="Price" source={SOURCE} />
                    <UsdCell value={p.liquidityUsd} what="Liquidity" source={SOURCE} />
                    <UsdCell value={p.volume24hUsd} what="24 h volume" source={SOURCE} />
                    <td>
                      {p.createdAt === undefined ? (
                        <Missing what="Creation time" source={SOURCE} />
                      ) : (
                        <time dateTime={p.createdAt} title={formatDate(p.createdAt)}>
                          {formatAge(p.createdAt, now)}
                        </time>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )
      }
    </SectionPanel>
  );
}

// Hyperliquid's perpetual markets (docs/public-api.md, "GET /v1/chain"): mark price as sent, 24 h
// change, volume and open interest in the dex's collateral, and the hourly funding rate.
import { providerName, type V1Chain } from '@pkg/shared/contract';
import { formatAmount, formatFraction, formatPercent } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { Missing, Signed } from './missing';
import { UsdCell } from './usd-cell';

export function PerpsPanel({ section }: { section: V1Chain['perps'] }) {
  /** Who sent the data: a member it left out is 'not reported by' it. */
  const SOURCE = providerName(section.provenance?.source ?? '');
  return (
    <SectionPanel id="perps" title="Perpetuals" section={section}>
      {(data) =>
        data.markets.length === 0 ? (
          <p>{SOURCE} lists no perpetual market.</p>
        ) : (
          <TableWrap label="Perpetual markets">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Market</th>
                  <th scope="col" className="num">
                    Mark price
                  </th>
                  <th scope="col" className="num">
                    24 h
                  </th>
                  <th scope="col" className="num">
                    24 h volume
                  </th>
                  <th scope="col" className="num">
                    Open interest
                  </th>
                  <th scope="col" className="num">
                    Funding (1 h)
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.markets.map((m) => (
                  <tr key={m.name}>
                    <th scope="row">{m.name}</th>
                    <td className="num">
                      {m.markPx === undefined ? (
                        <Missing what="Mark price" source={SOURCE} />
                      ) : (
                        `$${formatAmount(m.markPx, 8)}`
                      )}
                    </td>
                    <td className="num">
                      {m.change24hPct === undefined ? (
                        <Missing what="24 h change" source={SOURCE} />
                      ) : (
                        <Signed value={m.change24hPct} text={formatPercent(m.change24hPct)} />
                      )}
                    </td>
                    <UsdCell value={m.volume24hNotional} what="24 h volume" source={SOURCE} />
                    <UsdCell value={m.openInterestNotional} what="Open interest" source={SOURCE} />
                    <td className="num">
                      {m.funding === undefined || !Number.isFinite(Number(m.funding)) ? (
                        <Missing what="Funding rate" source={SOURCE} />
                      ) : (
                        <span title={`${m.funding} per hour`}>{formatFraction(Number(m.funding), 4)}</span>
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

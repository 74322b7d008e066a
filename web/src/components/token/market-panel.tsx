// The configured pool as the DEX market provider lists it (GET /v1/token, `market`): liquidity,
// volume, trade counts and price change by window; a window the provider did not send is left out.
import { formatPercent, formatUsd, shortAddress } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import type { DataOf, TokenAnswer } from './types';

type Market = DataOf<TokenAnswer['market']>;
const WINDOWS = [
  ['m5', '5 min'],
  ['h1', '1 h'],
  ['h6', '6 h'],
  ['h24', '24 h'],
] as const;

export function MarketPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="market" title="Market" section={token.market}>
      {(m: Market) => {
        const windows = WINDOWS.filter(
          ([w]) =>
            m.volumeUsd?.[w] !== undefined ||
            m.txns?.[w] !== undefined ||
            m.priceChangePct?.[w] !== undefined,
        );
        return (
          <>
            <dl className="facts">
              <dt>Pool</dt>
              <dd>
                <code title={m.pool}>{shortAddress(m.pool)}</code>
                {m.dex ? ` on ${m.dex}` : null}
              </dd>
              {m.liquidityUsd !== undefined ? (
                <>
                  <dt>Liquidity</dt>
                  <dd data-testid="market-liquidity">{formatUsd(m.liquidityUsd)}</dd>
                </>
              ) : null}
            </dl>
            {windows.length > 0 ? (
              <TableWrap label="Market by window">
                <table className="data" data-testid="market-table">
                  <caption className="visually-hidden">Volume, trades and price change by window</caption>
                  <thead>
                    <tr>
                      <th scope="col">Window</th>
                      <th scope="col" className="num">
                        Volume
                      </th>
                      <th scope="col" className="num">
                        Buys / sells
                      </th>
                      <th scope="col" className="num">
                        Price change
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {windows.map(([w, label]) => {
                      const volume = m.volumeUsd?.[w];
                      const txns = m.txns?.[w];
                      const change = m.priceChangePct?.[w];
                      return (
                        <tr key={w}>
                          <th scope="row">{label}</th>
                          <td className="num">{volume !== undefined ? formatUsd(volume) : 'not sent'}</td>
                          <td className="num">{txns ? `${txns.buys} / ${txns.sells}` : 'not sent'}</td>
                          <td className={`num${change === undefined ? '' : change >= 0 ? ' up' : ' down'}`}>
                            {change !== undefined ? formatPercent(change) : 'not sent'}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableWrap>
            ) : null}
          </>
        );
      }}
    </SectionPanel>
  );
}

// The screener's list (docs/public-api.md, GET /v1/screener): each pool with its market numbers as
// the pool provider listed them (a number it did not send shows "—", never 0) and its token's
// flags: raised ones as badges, undetermined ones named, and when the flags could not be read,
// why (a pool is never shown as "safe" by default).
import type { ScreenerList, ScreenerPool, V1Screener } from '@pkg/shared/contract';
import { formatUsd } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { SectionReason } from '../data/section-reason';
import { SourceLine } from '../data/source-line';
import { flagName } from './flag-names';

const dash = <span aria-label="not reported">—</span>;

/** Hours as people read an age: "5.2 h", or days beyond two days. */
export function formatHours(hours: number): string {
  if (hours < 48) return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
  return `${(hours / 24).toFixed(1)} d`;
}

function PoolFlags({ security }: { security: ScreenerPool['security'] }) {
  const flags = security.status === 'LIVE' || security.status === 'CACHED' ? security.data : undefined;
  if (!flags) return <SectionReason section={security} />;
  return (
    <div className="pool-flags">
      {flags.raised.length > 0 ? (
        <ul className="flag-list" aria-label="Raised flags">
          {flags.raised.map((f) => (
            <li key={f} className="flag flag-raised" data-flag={f}>
              {flagName(f)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="flag-none">No flag raised.</p>
      )}
      {flags.undetermined.length > 0 ? (
        <p className="flag-undetermined">Not determined: {flags.undetermined.map(flagName).join(', ')}</p>
      ) : null}
      {security.provenance ? (
        <SourceLine provenance={security.provenance} cached={security.status === 'CACHED'} />
      ) : null}
    </div>
  );
}

function Counts({ list }: { list: ScreenerList }) {
  const { leftOut } = list;
  return (
    <p className="screener-counts" data-testid="screener-counts">
      {list.considered} pools listed, {list.pools.length} shown. Left out: {leftOut.liquidity} by liquidity,{' '}
      {leftOut.age} by age, {leftOut.flags} by flags, {leftOut.unchecked} whose flags were not read. Flags
      were read for {list.tokensChecked} token{list.tokensChecked === 1 ? '' : 's'} (at most {list.checkLimit}{' '}
      per answer).
    </p>
  );
}

export function ScreenerResults({ answer }: { answer: V1Screener }) {
  return (
    <SectionPanel id="pools" title="Newest pools" section={answer.pools}>
      {(list) => (
        <>
          <Counts list={list} />
          {list.pools.length === 0 ? (
            <p data-testid="screener-empty">No pool passes these filters.</p>
          ) : (
            <TableWrap label="Pools">
              <table className="data screener-table">
                <thead>
                  <tr>
                    <th scope="col">Pool</th>
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
                    <th scope="col" className="num">
                      Age
                    </th>
                    <th scope="col">Flags</th>
                  </tr>
                </thead>
                <tbody>
                  {list.pools.map((pool) => (
                    <tr key={`${pool.network}:${pool.address}`} data-testid="screener-pool">
                      <th scope="row">
                        <span className="pool-name">{pool.name ?? pool.address}</span>
                        <br />
                        <span className="muted">
                          {pool.baseToken.symbol ?? pool.baseToken.address} /{' '}
                          {pool.quoteToken.symbol ?? pool.quoteToken.address}
                        </span>
                      </th>
                      <td className="wrap dex">{pool.dex ?? dash}</td>
                      <td className="num">{pool.priceUsd !== undefined ? formatUsd(pool.priceUsd) : dash}</td>
                      <td className="num">
                        {pool.liquidityUsd !== undefined ? formatUsd(pool.liquidityUsd) : dash}
                      </td>
                      <td className="num">
                        {pool.volume24hUsd !== undefined ? formatUsd(pool.volume24hUsd) : dash}
                      </td>
                      <td className="num">
                        {pool.ageHours !== undefined ? formatHours(pool.ageHours) : dash}
                      </td>
                      <td className="flags-cell">
                        <PoolFlags security={pool.security} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </>
      )}
    </SectionPanel>
  );
}

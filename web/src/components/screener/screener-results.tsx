// The screener's list (docs/public-api.md, GET /v1/screener): each pool with its market numbers as
// the pool provider listed them (a number it did not send shows "—", never 0) and its token's
// flags: raised ones as badges, undetermined ones named, and when the flags could not be read,
// why (a pool is never shown as "safe" by default).
import type { ScreenerList, ScreenerPool, V1Screener } from '@pkg/shared/contract';
import { formatUsd } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
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

/** A number the pool provider sent, formatted, or "—" saying it did not. */
function orDash<T>(value: T | undefined, format: (value: T) => string) {
  return value !== undefined ? format(value) : dash;
}

const POOL_COLUMNS: Column<ScreenerPool>[] = [
  {
    key: 'pool',
    header: 'Pool',
    rowHeader: true,
    cell: (pool) => (
      <>
        <span className="pool-name">{pool.name ?? pool.address}</span>
        <br />
        <span className="muted">
          {pool.baseToken.symbol ?? pool.baseToken.address} /{' '}
          {pool.quoteToken.symbol ?? pool.quoteToken.address}
        </span>
      </>
    ),
  },
  { key: 'dex', header: 'DEX', className: 'wrap dex', cell: (pool) => pool.dex ?? dash },
  { key: 'price', header: 'Price (USD)', align: 'end', cell: (pool) => orDash(pool.priceUsd, formatUsd) },
  {
    key: 'liquidity',
    header: 'Liquidity',
    align: 'end',
    cell: (pool) => orDash(pool.liquidityUsd, formatUsd),
  },
  {
    key: 'volume',
    header: '24 h volume',
    align: 'end',
    cell: (pool) => orDash(pool.volume24hUsd, formatUsd),
  },
  { key: 'age', header: 'Age', align: 'end', cell: (pool) => orDash(pool.ageHours, formatHours) },
  {
    key: 'flags',
    header: 'Flags',
    className: 'flags-cell',
    cell: (pool) => <PoolFlags security={pool.security} />,
  },
];

export function ScreenerResults({ answer }: { answer: V1Screener }) {
  return (
    <SectionPanel id="pools" title="Newest pools" section={answer.pools}>
      {(list) => (
        <>
          <Counts list={list} />
          <DataTable
            columns={POOL_COLUMNS}
            rows={list.pools}
            rowKey={(pool) => `${pool.network}:${pool.address}`}
            rowTestId="screener-pool"
            className="data screener-table"
            label="Pools"
            empty={<p data-testid="screener-empty">No pool passes these filters.</p>}
          />
        </>
      )}
    </SectionPanel>
  );
}

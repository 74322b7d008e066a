// A pool's card (/embed/pool/<network>/<address>): the pool as the pool provider lists it
// (v1.pool): name, USD price, liquidity, 24 h volume and change, and 24 h trades, with the source
// and age, or the reason the provider gave none.
import type { V1PoolCard } from '@pkg/shared/contract';
import { formatPercent, formatUsd, shortAddress } from '../../lib/format';
import { SectionReason } from '../data/section-reason';
import { SourceLine } from '../data/source-line';
import { EmbedCard } from './embed-card';

export function PoolCard({ answer }: { answer: V1PoolCard }) {
  const section = answer.pool;
  const pool =
    (section.status === 'LIVE' || section.status === 'CACHED') && section.data ? section.data : undefined;
  const name =
    pool?.name ??
    (pool?.baseToken.symbol && pool.quoteToken.symbol
      ? `${pool.baseToken.symbol} / ${pool.quoteToken.symbol}`
      : undefined);
  return (
    <EmbedCard title={name ?? `Pool ${shortAddress(answer.address)}`} fullPage="/screener">
      {pool ? (
        <>
          <p className="big-number embed-price" data-testid="embed-price">
            {pool.priceUsd !== undefined ? formatUsd(pool.priceUsd) : 'No USD price'}
            {pool.priceChange24hPct !== undefined ? (
              <span
                className={`embed-change ${pool.priceChange24hPct >= 0 ? 'up' : 'down'}`}
                data-testid="embed-change"
              >
                {formatPercent(pool.priceChange24hPct)} 24h
              </span>
            ) : null}
          </p>
          <dl className="embed-facts">
            {pool.liquidityUsd !== undefined ? (
              <div>
                <dt>Liquidity</dt>
                <dd data-testid="embed-liquidity">{formatUsd(pool.liquidityUsd)}</dd>
              </div>
            ) : null}
            {pool.volume24hUsd !== undefined ? (
              <div>
                <dt>Volume 24h</dt>
                <dd data-testid="embed-volume">{formatUsd(pool.volume24hUsd)}</dd>
              </div>
            ) : null}
            {pool.txns24h ? (
              <div>
                <dt>Trades 24h</dt>
                <dd data-testid="embed-txns">
                  {pool.txns24h.buys} buys · {pool.txns24h.sells} sells
                </dd>
              </div>
            ) : null}
          </dl>
          {section.provenance ? (
            <SourceLine provenance={section.provenance} cached={section.status === 'CACHED'} />
          ) : null}
        </>
      ) : (
        <SectionReason section={section} />
      )}
    </EmbedCard>
  );
}

// A stock token's card (/embed/stock/<SYMBOL>): its premium row from v1.stocks (docs/website.md,
// "Premium"): the DEX price, the reference price and its basis, the premium, and the `last close`
// badge; each input with its source and age; "not listed" when the issuer lists no such symbol.
import type { V1Stocks } from '@pkg/shared/contract';
import { formatFraction, formatUsd } from '../../lib/format';
import { SectionReason } from '../data/section-reason';
import { SourceLine } from '../data/source-line';
import { EmbedCard } from './embed-card';

export function StockCard({ symbol, answer }: { symbol: string; answer: V1Stocks }) {
  const stock = answer.stocks.find((s) => s.symbol.toUpperCase() === symbol);
  if (!stock)
    return (
      <EmbedCard title={`${symbol} stock token`} fullPage="/stocks">
        {answer.issuer.status === 'LIVE' || answer.issuer.status === 'CACHED' ? (
          <p className="reason" data-testid="embed-not-listed">
            <strong>Not listed</strong>: the issuer lists no {symbol} stock token on {answer.network}.
          </p>
        ) : (
          <SectionReason section={answer.issuer} />
        )}
      </EmbedCard>
    );
  const row = stock.premium.rows[0];
  const reference = stock.premium.reference;
  const referenceSection = reference?.basis === 'last close' ? stock.lastClose : stock.quote;
  return (
    <EmbedCard title={`${stock.symbol} stock token`} fullPage="/stocks">
      {row && reference ? (
        <>
          <p className="big-number embed-price" data-testid="embed-premium">
            <span className={row.premium >= 0 ? 'up' : 'down'}>{formatFraction(row.premium)}</span>{' '}
            <span className="embed-unit">{row.premium >= 0 ? 'premium' : 'discount'}</span>
            {row.lastClose ? (
              <span className="flag flag-raised embed-badge" data-testid="embed-last-close">
                last close
              </span>
            ) : null}
          </p>
          <dl className="embed-facts">
            <div>
              <dt>DEX price</dt>
              <dd data-testid="embed-dex-price">{formatUsd(row.dexPrice)}</dd>
            </div>
            <div>
              <dt>Reference ({reference.basis})</dt>
              <dd data-testid="embed-reference">{formatUsd(row.referencePrice)}</dd>
            </div>
          </dl>
          {stock.pools.provenance ? (
            <div className="embed-sources">
              <span className="embed-source-label">DEX:</span>
              <SourceLine provenance={stock.pools.provenance} cached={stock.pools.status === 'CACHED'} />
            </div>
          ) : null}
          {referenceSection?.provenance ? (
            <div className="embed-sources">
              <span className="embed-source-label">Reference:</span>
              <SourceLine
                provenance={referenceSection.provenance}
                cached={referenceSection.status === 'CACHED'}
              />
            </div>
          ) : null}
        </>
      ) : (
        <p className="reason" data-testid="section-reason">
          <strong>No premium</strong>: {stock.premium.reason ?? 'no priced pool and reference'}
        </p>
      )}
    </EmbedCard>
  );
}

// The project token's card (/embed/token): the price read from its pool on chain, in the pool's
// other token, with the source, block and age, and the latest swap (v1.tokenLive).
import type { V1TokenLive } from '@pkg/shared/contract';
import { formatAmount } from '../../lib/format';
import { SectionReason } from '../data/section-reason';
import { SourceLine } from '../data/source-line';
import { formatPrice } from '../../lib/format';
import { EmbedCard } from './embed-card';

const served = (s: { status: string; data?: unknown }) =>
  (s.status === 'LIVE' || s.status === 'CACHED') && s.data !== undefined;

export function tokenSymbolOf(answer: V1TokenLive): string | undefined {
  return answer.pool.data?.projectToken.symbol ?? answer.swaps.data?.projectToken.symbol;
}

export function TokenCard({ answer }: { answer: V1TokenLive }) {
  const symbol = tokenSymbolOf(answer);
  const pool = served(answer.pool) ? answer.pool.data : undefined;
  const swaps = served(answer.swaps) ? answer.swaps.data : undefined;
  const last = swaps?.swaps[0];
  return (
    <EmbedCard title={symbol ? `${symbol} price` : 'Project token price'} fullPage="/token">
      {pool ? (
        <>
          {pool.priceInQuote !== undefined ? (
            <p className="big-number embed-price" data-testid="embed-price">
              {formatPrice(pool.priceInQuote)} {pool.quoteToken.symbol ?? pool.quoteToken.address}
            </p>
          ) : (
            <p className="reason" data-testid="section-reason">
              <strong>No price</strong>: the pool holds none of its tokens
            </p>
          )}
          {answer.pool.provenance ? (
            <SourceLine provenance={answer.pool.provenance} cached={answer.pool.status === 'CACHED'} />
          ) : null}
        </>
      ) : (
        <SectionReason section={answer.pool} />
      )}
      {last && swaps ? (
        <p className="embed-fact" data-testid="embed-last-swap">
          Last swap: {last.side === 'buy' ? 'buy' : 'sell'} {formatAmount(last.projectAmount)}{' '}
          {swaps.projectToken.symbol ?? ''} for {formatAmount(last.quoteAmount)}{' '}
          {swaps.quoteToken.symbol ?? ''}
        </p>
      ) : swaps ? (
        <p className="embed-fact" data-testid="embed-last-swap">
          No swaps in blocks {swaps.fromBlock} to {swaps.toBlock}
        </p>
      ) : null}
    </EmbedCard>
  );
}

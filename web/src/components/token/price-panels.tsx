// The /token page's price panels: the pool price read from the chain (refreshed with the live
// answer), the USD price where a price source lists the quote token, the market cap, the supply
// and the burned total (`/coin` and `/burned` in docs/bots.md, "Commands").
import { SectionPanel } from '../data/section-panel';
import { formatAmount, formatUsd, shortAddress } from '../../lib/format';
import { formatPrice, formatUsdPrice } from '../../lib/format';
import { SupplyShareTable } from './supply-share-table';
import type { TokenAnswer, TokenLiveAnswer } from './types';

const symbolOf = (token: { symbol?: string; address: string }) => token.symbol ?? shortAddress(token.address);

/** The project token's price in its pool's other token, read at the head block. */
export function PoolPricePanel({ live }: { live: TokenLiveAnswer }) {
  return (
    <SectionPanel id="price" title="Pool price" section={live.pool}>
      {(pool) => (
        <>
          {pool.priceInQuote ? (
            <p className="big-number" data-testid="pool-price" title={pool.priceInQuote}>
              {formatPrice(pool.priceInQuote)} {symbolOf(pool.quoteToken)}
            </p>
          ) : (
            <p className="reason" data-testid="section-reason">
              The pool holds nothing, so it gives no price.
            </p>
          )}
          <p className="muted">
            One {symbolOf(pool.projectToken)} in {symbolOf(pool.quoteToken)}, Uniswap {pool.version} pool{' '}
            <code>{shortAddress(pool.pool)}</code>
            {pool.fee !== undefined ? `, fee ${pool.fee / 10_000} %` : null}. Refreshed every 5 s.
          </p>
        </>
      )}
    </SectionPanel>
  );
}

export function PriceUsdPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="price-usd" title="Price in USD" section={token.priceUsd}>
      {(usd) => (
        <>
          <p className="big-number" data-testid="price-usd" title={usd.priceUsd}>
            {formatUsdPrice(usd.priceUsd)}
          </p>
          <p className="muted">
            The pool price times {symbolOf(usd.quoteToken)} at {formatUsd(usd.quoteUsd)}.
          </p>
        </>
      )}
    </SectionPanel>
  );
}

export function MarketCapPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="market-cap" title="Market cap" section={token.marketCap}>
      {(cap) => (
        <>
          <p className="big-number" data-testid="market-cap">
            {cap.usd !== undefined
              ? formatUsd(cap.usd)
              : `${formatAmount(cap.inQuote, 2)}${cap.quoteSymbol ? ` ${cap.quoteSymbol}` : ''}`}
          </p>
          <dl className="facts">
            {cap.usd !== undefined ? (
              <>
                <dt>In the quote token</dt>
                <dd>
                  {formatAmount(cap.inQuote, 2)}
                  {cap.quoteSymbol ? ` ${cap.quoteSymbol}` : ''}
                </dd>
              </>
            ) : null}
            <dt>Circulating</dt>
            <dd>{formatAmount(cap.circulating)}</dd>
          </dl>
          <p className="muted">(Total supply − burned) × price.</p>
        </>
      )}
    </SectionPanel>
  );
}

export function SupplyPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="supply" title="Supply" section={token.supply}>
      {(supply) => (
        <dl className="facts">
          <dt>Total supply</dt>
          <dd data-testid="supply-total">{formatAmount(supply.total)}</dd>
          <dt>Decimals</dt>
          <dd>{supply.decimals}</dd>
        </dl>
      )}
    </SectionPanel>
  );
}

export function BurnedPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="burned" title="Burned" section={token.burned}>
      {(burned) => (
        <>
          <p className="big-number" data-testid="burned-total">
            {formatAmount(burned.total)}
            {burned.percentOfSupply !== undefined ? (
              <span className="token-sub"> ({burned.percentOfSupply} % of supply)</span>
            ) : null}
          </p>
          <SupplyShareTable
            label="Burn addresses"
            caption="Balance of each burn address"
            addressHeading="Burn address"
            amountHeading="Amount"
            rows={burned.addresses}
            address={(address) => <code title={address}>{shortAddress(address)}</code>}
          />
        </>
      )}
    </SectionPanel>
  );
}

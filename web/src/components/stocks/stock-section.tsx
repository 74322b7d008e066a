// One stock token on /stocks (docs/website.md, "Premium"): the premium table (DEX price, reference
// price, premium or discount, the `last close` flag), or why it has no row; the issuer's quote, the
// last close when the premium needed it, the pools of the issuer's contract and the look-alikes
// left out, each with its source and age or its reason; and the filings disclosure.
import type { StockToken } from '@pkg/shared/contract';
import type { ReactNode } from 'react';
import { formatAmount, formatDate, formatFraction, formatUsd, shortAddress } from '../../lib/format';
import { providerName } from '@pkg/shared/contract';
import { SectionPanel } from '../data/section-panel';
import { Missing, Signed } from '../live/missing';
import { UsdCell } from '../live/usd-cell';
import { TableWrap } from '../data/table-wrap';
import { LastCloseBadge } from './last-close-badge';

export const slugOf = (symbol: string) => symbol.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function PremiumTable({ stock }: { stock: StockToken }) {
  const { premium } = stock;
  return (
    <section
      className="panel"
      aria-labelledby={`premium-${slugOf(stock.symbol)}-heading`}
      data-testid="premium"
    >
      <h3 id={`premium-${slugOf(stock.symbol)}-heading`}>Premium</h3>
      {premium.reference ? (
        <p className="muted">
          Reference {formatUsd(premium.reference.price)} per token, by the {premium.reference.basis}
          {premium.reference.basis === 'issuer quote'
            ? " (the quote's middle × the multiplier)"
            : ' × the multiplier'}
          .
        </p>
      ) : null}
      {premium.rows.length === 0 ? (
        <p className="reason" data-testid="premium-reason">
          <strong>No premium</strong>: {premium.reason ?? 'no reason was given'}
        </p>
      ) : (
        <TableWrap label={`Premium of ${stock.symbol}`}>
          <table className="data">
            <caption className="visually-hidden">
              Premium of {stock.symbol} per pool of the issuer's contract
            </caption>
            <thead>
              <tr>
                <th scope="col">Pool</th>
                <th scope="col" className="num">
                  Premium
                </th>
                <th scope="col" className="num">
                  DEX price
                </th>
                <th scope="col" className="num">
                  Reference
                </th>
                <th scope="col" className="num">
                  Liquidity
                </th>
                <th scope="col">Basis</th>
              </tr>
            </thead>
            <tbody>
              {premium.rows.map((r) => (
                <tr key={r.pool} data-testid="premium-row">
                  <th
                    scope="row"
                    title={`${r.pool}${r.dex ? ` on ${r.dex}` : ''}, as ${providerName(r.source)} lists it`}
                  >
                    {shortAddress(r.pool)}
                  </th>
                  <td className="num" data-testid="premium-value">
                    <Signed value={r.premium} text={formatFraction(r.premium)} />
                    <span className="visually-hidden">{r.premium >= 0 ? ' premium' : ' discount'}</span>
                  </td>
                  <td className="num" title={`${r.dexPrice} USD`}>
                    {formatUsd(r.dexPrice)}
                  </td>
                  <td className="num">{formatUsd(r.referencePrice)}</td>
                  <UsdCell value={r.liquidityUsd} what="Liquidity" source={providerName(r.source)} />
                  <td>{r.lastClose ? <LastCloseBadge /> : 'issuer quote'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {premium.rows.length > 0 ? (
        <p className="muted">
          DEX prices from {[...new Set(premium.rows.map((r) => providerName(r.source)))].join(', ')}.
        </p>
      ) : null}
      <p className="muted" data-testid="premium-counts">
        Look-alike pools left out: {premium.lookalikesExcluded}
        {premium.unpriced > 0 ? ` · pools without a price of ${stock.symbol}: ${premium.unpriced}` : ''}
      </p>
    </section>
  );
}

export function StockSection({ stock, filings }: { stock: StockToken; filings: ReactNode }) {
  const slug = slugOf(stock.symbol);
  return (
    <section
      className="panel stock"
      aria-labelledby={`stock-${slug}-heading`}
      data-testid={`stock-${stock.symbol}`}
    >
      <h2 id={`stock-${slug}-heading`}>
        {stock.symbol}
        {stock.name ? <span className="muted stock-name"> {stock.name}</span> : null}
      </h2>
      <dl className="facts">
        <dt>Contract</dt>
        <dd>
          <code title={stock.contract}>{shortAddress(stock.contract)}</code>
        </dd>
        <dt>Multiplier</dt>
        <dd>
          {stock.multiplier ? (
            formatAmount(stock.multiplier, 6)
          ) : (
            <Missing what="Multiplier" source="the issuer" />
          )}
        </dd>
        {stock.pendingMultiplier ? (
          <>
            <dt>Pending multiplier</dt>
            <dd>
              {formatAmount(stock.pendingMultiplier.multiplier, 6)}
              {stock.pendingMultiplier.effectiveAt
                ? ` from ${formatDate(stock.pendingMultiplier.effectiveAt)}`
                : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <PremiumTable stock={stock} />
      <div className="panels">
        <SectionPanel id={`quote-${slug}`} title="Issuer quote" section={stock.quote} level={3}>
          {(q) => (
            <>
              <p>
                Bid {formatUsd(q.bid)} · ask {formatUsd(q.ask)}
                {q.spread !== undefined ? ` · spread ${formatFraction(q.spread).replace('+', '')}` : ''}
              </p>
              <p className="muted">
                The underlying's price per share, before the multiplier.
                {q.generatedAt ? ` Quoted ${formatDate(q.generatedAt)}.` : ''}
                {q.isTradingHalt ? ' Trading is halted.' : ''}
              </p>
            </>
          )}
        </SectionPanel>
        {stock.lastClose ? (
          <SectionPanel id={`last-close-${slug}`} title="Last close" section={stock.lastClose} level={3}>
            {(c) => (
              <p>
                {formatUsd(c.price)} per share
                <span className="muted">
                  {' '}
                  ({c.member === 'price' ? "the closed session's last price" : 'the previous close'}
                  {c.quoteTime ? `, quoted ${formatDate(c.quoteTime)}` : ''})
                </span>
              </p>
            )}
          </SectionPanel>
        ) : null}
        <SectionPanel
          id={`pools-${slug}`}
          title="Pools of the issuer's contract"
          section={stock.pools}
          level={3}
        >
          {(p) =>
            p.pools.length === 0 ? (
              <p>No pool of the issuer's contract is listed.</p>
            ) : (
              <ul className="stock-pools">
                {p.pools.map((pool) => (
                  <li key={pool.address} title={pool.address}>
                    {pool.baseToken.symbol ?? shortAddress(pool.baseToken.address)} /{' '}
                    {pool.quoteToken.symbol ?? shortAddress(pool.quoteToken.address)}
                    {pool.dex ? ` on ${pool.dex}` : ''}
                    {pool.liquidityUsd !== undefined ? ` · liquidity ${formatUsd(pool.liquidityUsd)}` : ''}
                  </li>
                ))}
              </ul>
            )
          }
        </SectionPanel>
        <SectionPanel id={`lookalikes-${slug}`} title="Look-alikes" section={stock.lookalikes} level={3}>
          {(l) => (
            <p>
              {l.pools} pool{l.pools === 1 ? '' : 's'} of {l.tokens.length} other token
              {l.tokens.length === 1 ? '' : 's'} reusing the ticker, left out of the premium
              {l.tokens.length > 0
                ? `: ${l.tokens.map((t) => `${t.symbol ?? '?'} ${shortAddress(t.address)}`).join(', ')}`
                : '.'}
            </p>
          )}
        </SectionPanel>
      </div>
      {filings}
    </section>
  );
}

// One stock token on /stocks (docs/website.md, "Premium"): the premium table (DEX price, reference
// price, premium or discount, the `last close` flag), or why it has no row; the issuer's quote, the
// last close when the premium needed it, the pools of the issuer's contract and the look-alikes
// left out, each with its source and age or its reason; and the filings disclosure.
import type { PremiumRowV1, StockPremium, StockToken } from '@pkg/shared/contract';
import type { ReactNode } from 'react';
import { formatAmount, formatDate, formatFraction, formatUsd, shortAddress } from '../../lib/format';
import { providerName } from '@pkg/shared/contract';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { Missing, Signed } from '../live/missing';
import { usdColumn } from '../live/usd-column';
import { LastCloseBadge } from './last-close-badge';

export const slugOf = (symbol: string) => symbol.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const PREMIUM_COLUMNS: Column<PremiumRowV1>[] = [
  {
    key: 'pool',
    header: 'Pool',
    rowHeader: true,
    title: (r) => `${r.pool}${r.dex ? ` on ${r.dex}` : ''}, as ${providerName(r.source)} lists it`,
    cell: (r) => shortAddress(r.pool),
  },
  {
    key: 'premium',
    header: 'Premium',
    align: 'end',
    testId: 'premium-value',
    cell: (r) => (
      <>
        <Signed value={r.premium} text={formatFraction(r.premium)} />
        <span className="visually-hidden">{r.premium >= 0 ? ' premium' : ' discount'}</span>
      </>
    ),
  },
  {
    key: 'dex-price',
    header: 'DEX price',
    align: 'end',
    title: (r) => `${r.dexPrice} USD`,
    cell: (r) => formatUsd(r.dexPrice),
  },
  { key: 'reference', header: 'Reference', align: 'end', cell: (r) => formatUsd(r.referencePrice) },
  usdColumn({
    key: 'liquidity',
    header: 'Liquidity',
    source: (r) => providerName(r.source),
    value: (r) => r.liquidityUsd,
  }),
  { key: 'basis', header: 'Basis', cell: (r) => (r.lastClose ? <LastCloseBadge /> : 'issuer quote') },
];

function ReferenceNote({ reference }: { reference: NonNullable<StockPremium['reference']> }) {
  return (
    <p className="muted">
      Reference {formatUsd(reference.price)} per token, by the {reference.basis}
      {reference.basis === 'issuer quote' ? " (the quote's middle × the multiplier)" : ' × the multiplier'}.
    </p>
  );
}

/** Where the DEX prices came from, and the pools left out of the premium. */
function PremiumSources({ stock }: { stock: StockToken }) {
  const { premium } = stock;
  return (
    <>
      {premium.rows.length > 0 ? (
        <p className="muted">
          DEX prices from {[...new Set(premium.rows.map((r) => providerName(r.source)))].join(', ')}.
        </p>
      ) : null}
      <p className="muted" data-testid="premium-counts">
        Look-alike pools left out: {premium.lookalikesExcluded}
        {premium.unpriced > 0 ? ` · pools without a price of ${stock.symbol}: ${premium.unpriced}` : ''}
      </p>
    </>
  );
}

function PremiumTable({ stock }: { stock: StockToken }) {
  const { premium } = stock;
  const headingId = `premium-${slugOf(stock.symbol)}-heading`;
  return (
    <section className="panel" aria-labelledby={headingId} data-testid="premium">
      <h3 id={headingId}>Premium</h3>
      {premium.reference ? <ReferenceNote reference={premium.reference} /> : null}
      <DataTable
        columns={PREMIUM_COLUMNS}
        rows={premium.rows}
        rowKey={(r) => r.pool}
        rowTestId="premium-row"
        className="data"
        caption={`Premium of ${stock.symbol} per pool of the issuer's contract`}
        label={`Premium of ${stock.symbol}`}
        empty={
          <p className="reason" data-testid="premium-reason">
            <strong>No premium</strong>: {premium.reason ?? 'no reason was given'}
          </p>
        }
      />
      <PremiumSources stock={stock} />
    </section>
  );
}

function StockFacts({ stock }: { stock: StockToken }) {
  return (
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
  );
}

type StockPanelProps = { stock: StockToken; slug: string };

function IssuerQuotePanel({ stock, slug }: StockPanelProps) {
  return (
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
  );
}

function LastClosePanel({ stock, slug }: StockPanelProps) {
  if (!stock.lastClose) return null;
  return (
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
  );
}

function StockPoolsPanel({ stock, slug }: StockPanelProps) {
  return (
    <SectionPanel id={`pools-${slug}`} title="Pools of the issuer's contract" section={stock.pools} level={3}>
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
  );
}

function LookalikesPanel({ stock, slug }: StockPanelProps) {
  return (
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
      <StockFacts stock={stock} />
      <PremiumTable stock={stock} />
      <div className="panels">
        <IssuerQuotePanel stock={stock} slug={slug} />
        <LastClosePanel stock={stock} slug={slug} />
        <StockPoolsPanel stock={stock} slug={slug} />
        <LookalikesPanel stock={stock} slug={slug} />
      </div>
      {filings}
    </section>
  );
}

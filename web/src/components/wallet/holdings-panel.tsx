// A wallet's holdings (docs/public-api.md, GET /v1/wallet/:address): each token's amount, its
// price with the price's own source and time (or why there is none), and a USD value only where a
// price source lists the token: an unpriced holding shows "—", never $0.
import type { Holding, HoldingList, Section } from '@pkg/shared/contract';
import { formatAmount, formatUsd, shortAddress } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { SourceLine } from '../data/source-line';

/** Why a holding has no price, in words (the section's reason holds the providers' details). */
function noPriceWhy(price: Holding['price']): string {
  if (price.code === 'NOT_PRICED' || price.code === 'NOT_LOOKED_UP') return price.reason ?? 'not priced';
  if (price.status === 'ERROR') return 'the price look-up failed';
  return 'no price source lists this token';
}

function PriceCell({ price }: { price: Holding['price'] }) {
  const served = (price.status === 'LIVE' || price.status === 'CACHED') && price.data;
  if (served && price.data) {
    return (
      <>
        {formatUsd(price.data.priceUsd)}
        {price.provenance ? (
          <SourceLine provenance={price.provenance} cached={price.status === 'CACHED'} />
        ) : null}
      </>
    );
  }
  return (
    <details className="why">
      <summary>none</summary>
      {price.reason ?? 'no reason was given'}
      {price.code ? ` (${price.code})` : ''}
    </details>
  );
}

function ValueCell({ holding }: { holding: Holding }) {
  if (holding.valueUsd !== undefined) return <>{formatUsd(holding.valueUsd)}</>;
  const priced = holding.price.status === 'LIVE' || holding.price.status === 'CACHED';
  return (
    <>
      <span aria-hidden="true">—</span>{' '}
      <span className="muted why-text">{priced ? 'the amount is not known' : noPriceWhy(holding.price)}</span>
    </>
  );
}

function amountText(h: Holding): string {
  if (h.tokenId !== undefined) return `#${h.tokenId}`;
  if (h.amount !== undefined) return formatAmount(h.amount);
  return `${h.balance} (raw units; decimals unknown)`;
}

const HOLDING_COLUMNS: Column<Holding>[] = [
  {
    key: 'token',
    header: 'Token',
    rowHeader: true,
    cell: (h) => (
      <>
        {h.name ?? 'unnamed token'}
        <br />
        <code className="muted" title={h.token}>
          {shortAddress(h.token)}
        </code>
      </>
    ),
  },
  { key: 'symbol', header: 'Symbol', cell: (h) => h.symbol ?? '—' },
  { key: 'amount', header: 'Amount', align: 'end', cell: amountText },
  {
    key: 'price',
    header: 'Price (USD)',
    align: 'end',
    className: 'wrap',
    cell: (h) => <PriceCell price={h.price} />,
  },
  {
    key: 'value',
    header: 'Value (USD)',
    align: 'end',
    className: 'wrap',
    testId: 'holding-value',
    cell: (h) => <ValueCell holding={h} />,
  },
];

export function HoldingsPanel({ section }: { section: Section<HoldingList> }) {
  return (
    <SectionPanel id="holdings" title="Holdings" section={section}>
      {(list) => (
        <>
          <dl className="facts holdings-summary">
            <dt>Valued total</dt>
            <dd data-testid="holdings-valued">
              {list.valuedUsd !== undefined ? formatUsd(list.valuedUsd) : '— (no holding has a price)'}
            </dd>
            <dt>Holdings without a value</dt>
            <dd data-testid="holdings-unvalued">{list.unvalued}</dd>
          </dl>
          {list.truncated ? (
            <p className="reason" data-testid="holdings-truncated">
              The holdings source stopped before the end of the list: more holdings exist than shown.
            </p>
          ) : null}
          <DataTable
            columns={HOLDING_COLUMNS}
            rows={list.holdings}
            rowKey={(h) => `${h.token}:${h.tokenId ?? ''}`}
            rowTestId="holding"
            className="data wallet-table"
            label="Holdings"
            empty={<p>This wallet holds no token the source lists.</p>}
          />
        </>
      )}
    </SectionPanel>
  );
}

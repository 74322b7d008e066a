// The configured pool as the DEX market provider lists it (GET /v1/token, `market`): liquidity,
// volume, trade counts and price change by window; a window the provider did not send is left out.
import { formatPercent, formatUsd, shortAddress } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import type { DataOf, TokenAnswer } from './types';

type Market = DataOf<TokenAnswer['market']>;
const WINDOWS = [
  ['m5', '5 min'],
  ['h1', '1 h'],
  ['h6', '6 h'],
  ['h24', '24 h'],
] as const;

/** One window's numbers, each undefined when the provider did not send it. */
function windowRow(m: Market, [w, label]: (typeof WINDOWS)[number]) {
  return { w, label, volume: m.volumeUsd?.[w], txns: m.txns?.[w], change: m.priceChangePct?.[w] };
}
type WindowRow = ReturnType<typeof windowRow>;

const WINDOW_COLUMNS: Column<WindowRow>[] = [
  { key: 'window', header: 'Window', rowHeader: true, cell: (r) => r.label },
  {
    key: 'volume',
    header: 'Volume',
    align: 'end',
    cell: (r) => (r.volume !== undefined ? formatUsd(r.volume) : 'not sent'),
  },
  {
    key: 'txns',
    header: 'Buys / sells',
    align: 'end',
    cell: (r) => (r.txns ? `${r.txns.buys} / ${r.txns.sells}` : 'not sent'),
  },
  {
    key: 'change',
    header: 'Price change',
    align: 'end',
    className: (r) => (r.change === undefined ? undefined : r.change >= 0 ? 'up' : 'down'),
    cell: (r) => (r.change !== undefined ? formatPercent(r.change) : 'not sent'),
  },
];

export function MarketPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="market" title="Market" section={token.market}>
      {(m: Market) => {
        const windows = WINDOWS.map((window) => windowRow(m, window)).filter(
          (r) => r.volume !== undefined || r.txns !== undefined || r.change !== undefined,
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
            <DataTable
              columns={WINDOW_COLUMNS}
              rows={windows}
              rowKey={(r) => r.w}
              className="data"
              testId="market-table"
              caption="Volume, trades and price change by window"
              label="Market by window"
              empty={null}
            />
          </>
        );
      }}
    </SectionPanel>
  );
}

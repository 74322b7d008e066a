// The candles of the project token's pool (GET /v1/token/candles) with the candle size chosen
// in the URL: the chart, a summary for assistive technology, and the same candles as a table.
import type { CandleV1 } from '@pkg/shared/contract';
import { CandlesChart } from '../../charts/candles-chart';
import { formatDate, formatUsd } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { TIMEFRAMES, TIMEFRAME_KEYS, type TimeframeKey } from './timeframes';
import type { CandlesAnswer } from './types';

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const price = (n: number) => formatUsd(n);

const CANDLE_COLUMNS: Column<CandleV1>[] = [
  { key: 'start', header: 'Start (UTC)', rowHeader: true, cell: (c) => formatDate(isoOf(c.time)) },
  { key: 'open', header: 'Open', align: 'end', cell: (c) => price(c.open) },
  { key: 'high', header: 'High', align: 'end', cell: (c) => price(c.high) },
  { key: 'low', header: 'Low', align: 'end', cell: (c) => price(c.low) },
  { key: 'close', header: 'Close', align: 'end', cell: (c) => price(c.close) },
  {
    key: 'volume',
    header: 'Volume',
    align: 'end',
    cell: (c) => (c.volume !== undefined ? formatUsd(c.volume) : 'not sent'),
  },
];

export function TimeframeSelect({
  value,
  onChange,
}: {
  value: TimeframeKey;
  onChange: (next: TimeframeKey) => void;
}) {
  return (
    <form className="inline token-timeframe" onSubmit={(e) => e.preventDefault()}>
      <label>
        Candle size
        <select
          value={value}
          data-testid="timeframe"
          onChange={(e) => onChange(e.currentTarget.value as TimeframeKey)}
        >
          {TIMEFRAME_KEYS.map((key) => (
            <option key={key} value={key}>
              {TIMEFRAMES[key].label}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

export function CandlesPanel({ answer, timeframe }: { answer: CandlesAnswer; timeframe: TimeframeKey }) {
  const size = TIMEFRAMES[timeframe].label;
  const tick = (t: number) => {
    const iso = isoOf(t);
    return timeframe === '1d' ? iso.slice(5, 10) : iso.slice(11, 16);
  };
  return (
    <SectionPanel id="candles" title={`Candles (${size}, USD)`} section={answer.candles}>
      {(series) => {
        const candles = series.candles;
        const first = candles[0];
        const last = candles[candles.length - 1];
        if (!first || !last) return <p className="reason">The pool provider sent no candles.</p>;
        const low = Math.min(...candles.map((c) => c.low));
        const high = Math.max(...candles.map((c) => c.high));
        const label =
          `${candles.length} ${size} candles in USD from ${formatDate(isoOf(first.time))} to ` +
          `${formatDate(isoOf(last.time))}: low ${price(low)}, high ${price(high)}, ` +
          `first open ${price(first.open)}, last close ${price(last.close)}.`;
        return (
          <>
            <CandlesChart candles={candles} label={label} formatTime={tick} formatPrice={price} />
            <details className="token-candle-table">
              <summary>The candles as a table</summary>
              <DataTable
                columns={CANDLE_COLUMNS}
                rows={candles}
                rowKey={(c) => c.time}
                className="data"
                testId="candle-table"
                caption={`${size} candles in USD, oldest first`}
                label="Candles table"
              />
            </details>
          </>
        );
      }}
    </SectionPanel>
  );
}

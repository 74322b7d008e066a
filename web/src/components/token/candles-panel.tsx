// The candles of the project token's pool (GET /v1/token/candles) with the candle size chosen
// in the URL: the chart, a summary for assistive technology, and the same candles as a table.
import { CandlesChart } from '../../charts/candles-chart';
import { formatDate, formatUsd } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { TIMEFRAMES, TIMEFRAME_KEYS, type TimeframeKey } from './timeframes';
import type { CandlesAnswer } from './types';

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const price = (n: number) => formatUsd(n);

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
              <TableWrap label="Candles table">
                <table className="data" data-testid="candle-table">
                  <caption className="visually-hidden">{size} candles in USD, oldest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Start (UTC)</th>
                      <th scope="col" className="num">
                        Open
                      </th>
                      <th scope="col" className="num">
                        High
                      </th>
                      <th scope="col" className="num">
                        Low
                      </th>
                      <th scope="col" className="num">
                        Close
                      </th>
                      <th scope="col" className="num">
                        Volume
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {candles.map((c) => (
                      <tr key={c.time}>
                        <th scope="row">{formatDate(isoOf(c.time))}</th>
                        <td className="num">{price(c.open)}</td>
                        <td className="num">{price(c.high)}</td>
                        <td className="num">{price(c.low)}</td>
                        <td className="num">{price(c.close)}</td>
                        <td className="num">{c.volume !== undefined ? formatUsd(c.volume) : 'not sent'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </details>
          </>
        );
      }}
    </SectionPanel>
  );
}

// Candles (open, high, low, close) drawn with recharts: one range bar per candle from its low to
// its high, drawn as a wick with the body between open and close (recharts has no candlestick).
// The chart is an image to assistive technology, labelled with what it shows; the same candles
// are listed in a table beside it (docs/website.md). Only the chart pages import this folder, so
// the chart library loads only with them.
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis, type BarShapeProps } from 'recharts';

export interface Candle {
  /** Start of the interval, unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

interface Row extends Candle {
  range: [number, number];
}

/** One candle: its wick from high to low and its body from open to close, coloured by direction. */
function CandleShape(props: BarShapeProps): ReactElement {
  const { x, y, width, height } = props;
  const c = props.payload as Row;
  const top = Math.min(y, y + height);
  const span = Math.abs(height);
  const perUnit = c.high > c.low ? span / (c.high - c.low) : 0;
  const yOf = (price: number) => top + (c.high - price) * perUnit;
  const bodyTop = yOf(Math.max(c.open, c.close));
  const bodyHeight = Math.max(1, yOf(Math.min(c.open, c.close)) - bodyTop);
  const mid = x + width / 2;
  const bodyWidth = Math.max(1, Math.min(width * 0.7, 16));
  return (
    <g className={c.close >= c.open ? 'candle candle-up' : 'candle candle-down'}>
      <line x1={mid} x2={mid} y1={top} y2={top + span} strokeWidth={1} />
      <rect x={mid - bodyWidth / 2} y={bodyTop} width={bodyWidth} height={bodyHeight} />
    </g>
  );
}

export function CandlesChart({
  candles,
  label,
  formatTime,
  formatPrice,
}: {
  candles: readonly Candle[];
  /** What the chart shows, for assistive technology (range, first and last candle). */
  label: string;
  formatTime: (unixSeconds: number) => string;
  formatPrice: (price: number) => string;
}) {
  const rows: Row[] = candles.map((c) => ({ ...c, range: [c.low, c.high] }));
  const low = Math.min(...candles.map((c) => c.low));
  const high = Math.max(...candles.map((c) => c.high));
  const pad = (high - low) * 0.05 || Math.abs(high) * 0.01 || 1;
  return (
    <div className="candles-chart" role="img" aria-label={label} data-testid="candles-chart">
      <BarChart
        responsive
        data={rows}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        style={{ width: '100%', height: 280 }}
      >
        <CartesianGrid vertical={false} className="candles-grid" />
        <XAxis dataKey="time" tickFormatter={formatTime} minTickGap={24} />
        <YAxis
          domain={[low - pad, high + pad]}
          tickFormatter={formatPrice}
          width={72}
          allowDataOverflow
          scale="linear"
        />
        <Bar dataKey="range" shape={CandleShape} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

// The odds card's choice (docs/website.md, "Odds"), on events shaped like Polymarket's
// Gamma `GET /events` (negRisk buckets with groupItemTitle; independent price levels).
import { describe, expect, test } from 'vitest';
import {
  oddsOutcomes,
  selectOdds,
  tickerNamed,
  type OddsEventInput,
} from '../../src/services/website/odds.js';

const fedDecision: OddsEventInput = {
  id: '45883',
  title: 'Fed decision in December?',
  tags: ['fed-rates', 'economy'],
  mutuallyExclusive: true,
  markets: [
    { label: '50+ bps decrease', yesPrice: '0.04' },
    { label: '25 bps decrease', yesPrice: '0.71' },
    { label: 'No change', yesPrice: '0.24' },
    { label: '25+ bps increase', yesPrice: '0.01' },
  ],
};
const nvdaLevels: OddsEventInput = {
  id: '7001',
  title: 'What will NVDA close at on Friday?',
  tags: ['stocks'],
  mutuallyExclusive: false,
  markets: [
    { label: '$200', yesPrice: '0.97' },
    { label: '$220', yesPrice: '0.81' },
    { label: '$230', yesPrice: '0.55' },
    { label: '$240', yesPrice: '0.38' },
    { label: '$260', yesPrice: '0.06' },
  ],
};

describe('outcomes by event kind', () => {
  test('mutually exclusive outcomes: the most likely first', () => {
    expect(oddsOutcomes(fedDecision)).toEqual([
      { label: '25 bps decrease', probability: 0.71 },
      { label: 'No change', probability: 0.24 },
      { label: '50+ bps decrease', probability: 0.04 },
    ]);
  });

  test('independent price levels: the levels nearest 50 %', () => {
    expect(oddsOutcomes(nvdaLevels, 2)).toEqual([
      { label: '$230', probability: 0.55 },
      { label: '$240', probability: 0.38 },
    ]);
  });

  test('an unpriced outcome is left out, never shown as 0 %', () => {
    const outcomes = oddsOutcomes({
      mutuallyExclusive: true,
      markets: [{ label: 'A' }, { label: 'B', yesPrice: '0.3' }],
    });
    expect(outcomes).toEqual([{ label: 'B', probability: 0.3 }]);
  });
});

describe('which events', () => {
  const inflation: OddsEventInput = {
    ...fedDecision,
    id: '2',
    title: 'CPI above 3 % in November?',
    tags: ['inflation'],
    mutuallyExclusive: false,
    markets: [{ label: 'Yes', yesPrice: '0.42' }],
  };
  const unrelated: OddsEventInput = { ...nvdaLevels, id: '3', title: 'Who wins the cup?', tags: ['sports'] };
  const otherTicker: OddsEventInput = { ...nvdaLevels, id: '4', title: 'Will XYZ close above $10?' };
  const lookalikeWord: OddsEventInput = { ...nvdaLevels, id: '5', title: 'Will SNVDAX list?' };

  test('Fed and inflation by tag, stock events by a listed ticker named as a word', () => {
    const chosen = selectOdds(
      [fedDecision, inflation, unrelated, nvdaLevels, otherTicker, lookalikeWord],
      ['NVDA', 'AAPL'],
    );
    expect(chosen.map((e) => [e.id, e.kind, e.ticker, e.shape])).toEqual([
      ['45883', 'macro', undefined, 'most likely'],
      ['2', 'macro', undefined, 'nearest 50 %'],
      ['7001', 'stock', 'NVDA', 'nearest 50 %'],
    ]);
  });

  test('tickers with a dot match whole, not as a prefix', () => {
    expect(tickerNamed('Will BRK.B close above $500?', ['BRK.B'])).toBe('BRK.B');
    expect(tickerNamed('Will BRK.A close above $700k?', ['BRK'])).toBeUndefined();
    expect(tickerNamed('$AAPL earnings beat?', ['AAPL'])).toBe('AAPL');
  });
});

// The prediction-market odds card (docs/website.md, "Odds"): open Fed events, inflation events and
// stock events naming a listed stock token's ticker, each with its own source and age. A price is
// a probability; these are market prices, not a forecast.
import type { OddsEventV1, V1Odds } from '@pkg/shared/contract';
import { formatDate } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';

/** A probability as people read odds: 0.71 → "71 %", below 1 % with one decimal. */
export function formatProbability(p: number): string {
  const pct = p * 100;
  return `${pct > 0 && pct < 1 ? pct.toFixed(1) : Math.round(pct)} %`;
}

function Events({ events, none }: { events: OddsEventV1[]; none: string }) {
  if (events.length === 0) return <p>{none}</p>;
  return (
    <ul className="odds-events">
      {events.map((e) => (
        <li key={e.id} data-testid="odds-event">
          <p className="odds-title">{e.title}</p>
          <ul className="odds-outcomes" aria-label={`Outcomes (${e.shape})`}>
            {e.outcomes.map((o) => (
              <li key={o.label}>
                <span>{o.label}</span> <strong>{formatProbability(o.probability)}</strong>
              </li>
            ))}
          </ul>
          <p className="muted">
            {e.shape === 'most likely' ? 'The most likely outcomes' : 'The levels nearest 50 %'}
            {e.endDate ? (
              <>
                {' · ends '}
                <time dateTime={e.endDate}>{formatDate(e.endDate)}</time>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function OddsPanels({ odds }: { odds: V1Odds }) {
  return (
    <section className="panel" aria-labelledby="odds-heading" data-testid="panel-odds">
      <h2 id="odds-heading">Prediction-market odds</h2>
      <p className="notice" data-testid="odds-notice">
        {odds.notice}
      </p>
      <div className="panels">
        <SectionPanel id="odds-fed" title="Fed" section={odds.fed} level={3}>
          {(data) => <Events events={data.events} none="No open Fed event." />}
        </SectionPanel>
        <SectionPanel id="odds-inflation" title="Inflation" section={odds.inflation} level={3}>
          {(data) => <Events events={data.events} none="No open inflation event." />}
        </SectionPanel>
        <SectionPanel id="odds-stocks" title="Stock events" section={odds.stocks} level={3}>
          {(data) => (
            <Events
              events={data.events}
              none={`No open event names one of the ${data.tickers} listed stock tokens' tickers.`}
            />
          )}
        </SectionPanel>
      </div>
    </section>
  );
}

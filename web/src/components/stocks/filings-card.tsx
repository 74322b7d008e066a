// The regulator filings card of a ticker's registrant (docs/website.md, "Filings"; GET
// /v1/filings/:symbol): current reports with their items labelled, quarterly and annual reports
// and ownership filings with links to the regulator's documents, insider forms counted over 30
// days. A ticker the regulator does not list shows the section's reason, `no filer`.
import type { CardFiling } from '@pkg/shared/contract';
import { useQuery } from '@tanstack/react-query';
import type { trpc as trpcProxy } from '../../lib/trpc';
import { v1Queries } from '../../lib/v1-queries';
import { AnswerState } from '../data/answer-state';
import { SectionPanel } from '../data/section-panel';

function FilingList({ filings, none }: { filings: CardFiling[]; none: string }) {
  if (filings.length === 0) return <p className="muted">{none}</p>;
  return (
    <ul className="filings">
      {filings.map((f) => (
        <li key={f.indexUrl}>
          <a href={f.url ?? f.indexUrl} rel="noopener nofollow" target="_blank">
            {f.form} filed {f.filingDate}
          </a>
          {f.reportDate && f.reportDate !== f.filingDate ? (
            <span className="muted"> (report date {f.reportDate})</span>
          ) : null}
          {f.url ? (
            <>
              {' · '}
              <a href={f.indexUrl} rel="noopener nofollow" target="_blank">
                filing index
                <span className="visually-hidden">
                  {' '}
                  of the {f.form} filed {f.filingDate}
                </span>
              </a>
            </>
          ) : null}
          {f.items && f.items.length > 0 ? (
            <ul className="filing-items">
              {f.items.map((i) => (
                <li key={i.item}>
                  Item {i.item} {i.label ?? <span className="muted">(an item the form does not define)</span>}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function FilingsCard({ trpc, symbol, id }: { trpc: typeof trpcProxy; symbol: string; id: string }) {
  const query = useQuery(v1Queries.filings(trpc, symbol));
  return (
    <div id={id} className="filings-card" data-testid={`filings-${symbol}`}>
      <AnswerState query={query} what={`the filings of ${symbol}`}>
        {(answer) => (
          <SectionPanel
            id={`${id}-section`}
            title={`Regulator filings of ${answer.symbol}`}
            section={answer.filings}
            level={3}
          >
            {(card) => (
              <>
                <p>
                  {card.name ?? 'Registrant'} <span className="muted">(CIK {card.cik})</span>
                </p>
                <h4>Current reports (8-K)</h4>
                <FilingList filings={card.current} none="No recent current report." />
                <h4>Quarterly and annual reports</h4>
                <FilingList filings={card.periodic} none="No recent quarterly or annual report." />
                <h4>Ownership filings</h4>
                <FilingList filings={card.ownership} none="No recent ownership filing." />
                <p data-testid="insider-count">
                  Insider forms (3, 4, 5) in the last {card.insider.days} days: {card.insider.total}
                  {Object.keys(card.insider.byForm).length > 0 ? (
                    <span className="muted">
                      {' ('}
                      {Object.entries(card.insider.byForm)
                        .map(([form, n]) => `form ${form}: ${n}`)
                        .join(', ')}
                      )
                    </span>
                  ) : null}
                </p>
              </>
            )}
          </SectionPanel>
        )}
      </AnswerState>
    </div>
  );
}

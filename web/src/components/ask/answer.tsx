// One answer of the Ask agent (docs/website.md, "Ask"): the model's text as plain text (never
// HTML), the sources its tools read ("GeckoTerminal · 12 s ago"), who answered and whether the
// answer was cut by the question's limits.
import { providerName, type AskAnswer } from '@pkg/shared/contract';
import { formatAge, formatDate } from '../../lib/format';
import { useNow } from '../../lib/use-now';

export function AnswerView({ answer }: { answer: AskAnswer }) {
  const now = useNow();
  const { routing } = answer;
  return (
    <div className="answer" data-testid="answer">
      <p className="answer-text" data-testid="answer-text">
        {answer.answer}
      </p>
      {answer.truncated ? (
        <p className="note" data-testid="answer-truncated">
          Answer cut by this question&apos;s limits.
        </p>
      ) : null}
      <h4>Sources</h4>
      {answer.sources.length > 0 ? (
        <ul className="answer-sources" data-testid="answer-sources">
          {answer.sources.map((s, i) => (
            <li key={`${s.tool}-${s.source}-${i}`} className="source">
              <span data-testid="source-name">{providerName(s.source)}</span>
              {' · '}
              <time dateTime={s.fetchedAt} title={formatDate(s.fetchedAt)}>
                {formatAge(s.fetchedAt, now)}
              </time>
              <span className="muted"> (read by {s.tool})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="answer-sources">
          No live data was read for this answer.
        </p>
      )}
      <p className="source" data-testid="answered-by">
        Answered by {routing.actualModel} ({providerName(routing.actualProvider)})
        {routing.fallback ? (
          <>
            {' · '}
            <span className="flag">fallback</span>
            {routing.fallbackReason ? ` (${routing.fallbackReason})` : null}
          </>
        ) : null}
      </p>
    </div>
  );
}

// A version's score (packages.insights; its criteria are defined in docs/browsing.md, "The
// score"): the share of criteria met, then each criterion, met or not, in words, with why. It
// describes what the package offers and says so; it is not a rating of its safety.
import type { PackageScore } from '@pkg/shared/contract';

export function ScorePanel({ score }: { score: PackageScore }) {
  const met = score.criteria.filter((c) => c.met).length;
  return (
    <section aria-labelledby="score-heading" className="score">
      <h2 id="score-heading">Score</h2>
      <p className="big-number" data-testid="score-value">
        {score.value} / 100
      </p>
      <p className="muted">
        {met} of {score.criteria.length} criteria met: what the package offers, not a rating of its safety.
      </p>
      <ul className="criteria" data-testid="score-criteria">
        {score.criteria.map((c) => (
          <li key={c.id} data-criterion={c.id} data-met={c.met}>
            <span className={c.met ? 'criterion-met' : 'criterion-unmet'} aria-hidden="true">
              {c.met ? '✓' : '✗'}
            </span>{' '}
            <strong>{c.label}</strong>: <span>{c.met ? 'met' : 'not met'}</span>
            <br />
            <span className="muted">{c.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The package's trusted publishers (publishers.list, public): "Published from CI by acme/clock
// .github/workflows/release.yml", and whether classic tokens are refused (docs/website.md, "The
// version page"). A package without trusted publishers shows nothing here.
import { useQuery } from '@tanstack/react-query';
import type { PackagePublishers, TrustedPublisher } from '@pkg/shared/contract';
import { useTRPC } from '../../lib/use-trpc';

export function PublishersSummary({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.publishers.list.queryOptions({ namespace, name }));
  if (!list.data || (list.data.publishers.length === 0 && !list.data.requireTrustedPublishing)) return null;
  return <Summary answer={list.data} />;
}

function Summary({ answer }: { answer: PackagePublishers }) {
  return (
    <section aria-labelledby="publishers-heading" data-testid="publishers-summary">
      <h2 id="publishers-heading">Trusted publishing</h2>
      {answer.publishers.length ? (
        <ul>
          {answer.publishers.map((p) => (
            <li key={p.id}>
              Published from CI by <code>{p.repository}</code> <code>{p.workflow}</code>
              {p.environment ? (
                <>
                  {' '}
                  (environment <code>{p.environment}</code>)
                </>
              ) : null}{' '}
              <span className="muted">({platformName(p)})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No trusted publisher is registered.</p>
      )}
      {answer.requireTrustedPublishing ? (
        <p data-testid="publishers-required">
          Only its trusted publishers may publish this package; classic tokens are refused.
        </p>
      ) : null}
    </section>
  );
}

const platformName = (p: Pick<TrustedPublisher, 'platform'>) =>
  p.platform === 'github' ? 'GitHub Actions' : 'GitLab CI/CD';

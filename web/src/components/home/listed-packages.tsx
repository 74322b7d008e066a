// A list of packages as the home page shows them (the overview's `recent` and `popular`): name,
// description, latest version and when it was published, its downloads over the last 7 days, and
// a deprecated latest version marked in words.
import { Link } from '@tanstack/react-router';
import type { ListedPackage } from '@pkg/shared/contract';
import { downloadsThisWeek, formatDate } from '../../lib/format';
import { packageIdParams } from '../../lib/url-params';

export function ListedPackages({
  items,
  testId,
  empty,
}: {
  items: readonly ListedPackage[];
  testId: string;
  /** What the list says when there is nothing to list. */
  empty: string;
}) {
  if (items.length === 0) return <p data-testid={`${testId}-empty`}>{empty}</p>;
  return (
    <ol className="listed" data-testid={testId}>
      {items.map((item) => (
        <li key={item.name}>
          <h3>
            <PackageLink name={item.name} />
          </h3>
          <p>{item.description}</p>
          <p className="muted">
            {item.latest} · <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time> ·{' '}
            <span data-testid="weekly-downloads">{downloadsThisWeek(item.weeklyDownloads)}</span>
          </p>
          {item.deprecated ? <DeprecatedLine message={item.deprecated} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A deprecated latest version, marked in words with its message (listings and search results). */
export function DeprecatedLine({ message }: { message: string }) {
  return (
    <p className="badge-line">
      <span className="badge badge-deprecated">deprecated</span> {message}
    </p>
  );
}

/** A package's name linking to its page (plain text for a name that is not `@ns/name`). */
export function PackageLink({ name }: { name: string }) {
  const ref = packageIdParams(name);
  if (!ref) return <>{name}</>;
  return (
    <Link to="/@{$namespace}/$name" params={{ namespace: ref.namespace, name: ref.name }}>
      {name}
    </Link>
  );
}

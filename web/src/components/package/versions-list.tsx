// Every published version with its date and size, newest first; the shown one is marked.
import { Link } from '@tanstack/react-router';
import type { VersionList } from '@pkg/shared/contract';
import { formatBytes, formatDate } from '../../lib/format';

export function VersionsList({
  list,
  namespace,
  name,
  current,
}: {
  list: VersionList;
  namespace: string;
  name: string;
  current: string;
}) {
  const versions = [...list.versions].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return (
    <ul className="versions" data-testid="versions">
      {versions.map((v) => (
        <li key={v.version}>
          <Link
            to="/@{$namespace}/$name/v/$version"
            params={{ namespace, name, version: v.version }}
            aria-current={v.version === current ? 'page' : undefined}
          >
            {v.version}
          </Link>{' '}
          <time dateTime={v.publishedAt}>{formatDate(v.publishedAt)}</time>{' '}
          <span className="muted">{formatBytes(v.size)}</span>
        </li>
      ))}
    </ul>
  );
}

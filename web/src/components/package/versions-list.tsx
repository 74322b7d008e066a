// Every published version with its date and size, newest first; the shown one is marked, and so
// are yanked and deprecated versions, in words (docs/trust.md, "Yank and deprecate").
import { Link } from '@tanstack/react-router';
import type { PackageInfo, VersionList } from '@pkg/shared/contract';
import { formatBytes, formatDate } from '../../lib/format';

export function VersionsList({
  list,
  marks,
  namespace,
  name,
  current,
}: {
  list: VersionList;
  /** The package document's versions, which carry `yanked` and `deprecated`. */
  marks: PackageInfo['versions'];
  namespace: string;
  name: string;
  current: string;
}) {
  const versions = [...list.versions].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const markOf = new Map(marks.map((m) => [m.version, m]));
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
          <VersionMarks mark={markOf.get(v.version)} />
        </li>
      ))}
    </ul>
  );
}

function VersionMarks({ mark }: { mark: PackageInfo['versions'][number] | undefined }) {
  return (
    <>
      {mark?.yanked ? (
        <>
          {' '}
          <span className="badge badge-yanked" title={`Yanked: ${mark.yanked.reason}`}>
            yanked
          </span>
        </>
      ) : null}
      {mark?.deprecated ? (
        <>
          {' '}
          <span className="badge badge-deprecated" title={`Deprecated: ${mark.deprecated.message}`}>
            deprecated
          </span>
        </>
      ) : null}
    </>
  );
}

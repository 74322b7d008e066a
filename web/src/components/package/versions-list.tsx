// Every published version with its date, size and downloads over the last 90 days, newest first;
// the shown one is marked, and so are yanked and deprecated versions, in words (docs/trust.md,
// "Yank and deprecate").
import { Link } from '@tanstack/react-router';
import type { PackageInfo, VersionList } from '@pkg/shared/contract';
import { formatBytes, formatCount, formatDate } from '../../lib/format';

export function VersionsList({
  list,
  marks,
  namespace,
  name,
  current,
  downloads,
}: {
  list: VersionList;
  /** The package document's versions, which carry `yanked` and `deprecated`. */
  marks: PackageInfo['versions'];
  namespace: string;
  name: string;
  current: string;
  /** Each version's downloads over the last 90 days (versions without any left out). */
  downloads?: readonly { version: string; downloads: number }[];
}) {
  const versions = [...list.versions].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const markOf = new Map(marks.map((m) => [m.version, m]));
  const downloadsOf = downloads ? new Map(downloads.map((d) => [d.version, d.downloads])) : undefined;
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
          {downloadsOf ? (
            <span className="muted" data-testid="version-downloads">
              {' · '}
              {formatCount(downloadsOf.get(v.version) ?? 0)} in 90 days
            </span>
          ) : null}
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

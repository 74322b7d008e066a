// The package page's content for one version (docs/website.md, "The package page"): description,
// install command, the trust panel (where it was built, what it may touch, the signature and log
// entry) beside the downloads, then the tabs (SKILL.md, tools and the findings in the code; the
// versions) beside the permissions and what changed in them, the score, provenance, trusted
// publishers and maintainers, under banners for a yanked or deprecated version. Each section
// shows its own loading or error.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { VersionRecord, VersionRef } from '@pkg/shared/contract';
import { packageFilesQueryOptions } from '../../lib/package-queries';
import { useTRPC } from '../../lib/use-trpc';
import { CopyButton } from '../copy-button';
import { QueryState } from '../query-state';
import { SafeMarkdown, stripFrontMatter } from '../safe-markdown';
import { DownloadsSection } from './downloads-section';
import { Findings, PermissionChanges, Score } from './insights-sections';
import { PackageTabs } from './package-tabs';
import { PermissionsList } from './permissions-list';
import { ProvenanceFacts } from './provenance-facts';
import { PublishersSummary } from './publishers-summary';
import { ToolsList } from './tools-list';
import { TrustPanel } from './trust-panel';
import { TrustBanners } from './version-trust';
import { VersionsList } from './versions-list';

interface Props {
  namespace: string;
  name: string;
  version: string;
  /** true on a /v/<version> page, false on /@ns/name (the latest). */
  pinned: boolean;
}

export function PackageView({ namespace, name, version, pinned }: Props) {
  const trpc = useTRPC();
  const ref = { namespace, name };
  const record = useQuery(trpc.packages.version.queryOptions({ ...ref, version }));
  // SKILL.md's query (the loader started it): the downloads chart loads once it has answered.
  const files = useQuery(packageFilesQueryOptions(trpc, { ...ref, version }));
  const id = `@${namespace}/${name}`;
  const install = pinned ? `pkg install ${id}@${version}` : `pkg install ${id}`;
  return (
    <article className="package">
      <PackageHeader namespace={namespace} name={name} version={version} />
      <section aria-labelledby="install-heading">
        <h2 id="install-heading">Install</h2>
        <div className="install">
          <pre>
            <code data-testid="install-command">{install}</code>
          </pre>
          <CopyButton text={install} label={`Copy the install command ${install}`} />
        </div>
      </section>
      <div className="package-summary">
        {record.data ? <TrustPanel record={record.data} path={{ namespace, name, version }} /> : null}
        <DownloadsSection namespace={namespace} name={name} drawChart={!files.isPending} />
      </div>
      <div className="package-columns">
        <PackageTabs
          label="The package"
          tabs={[
            {
              id: 'readme',
              label: 'Readme and tools',
              panel: () =>
                record.data ? <VersionBody record={record.data} versionRef={{ ...ref, version }} /> : null,
            },
            { id: 'versions', label: 'Versions', panel: () => <Versions {...ref} version={version} /> },
          ]}
        />
        <aside>
          <section aria-labelledby="permissions-heading">
            <h2 id="permissions-heading">Permissions</h2>
            <QueryState query={record} what="the permissions">
              {(r) => <PermissionsList permissions={r.manifest.permissions} />}
            </QueryState>
          </section>
          <PermissionChanges path={{ ...ref, version }} />
          <Score path={{ ...ref, version }} />
          <Provenance namespace={namespace} name={name} version={version} />
          <PublishersSummary namespace={namespace} name={name} />
          <Maintainers namespace={namespace} />
        </aside>
      </div>
    </article>
  );
}

/** The name, the version shown, the yanked or deprecated banners and the description. */
function PackageHeader({ namespace, name, version }: Omit<Props, 'pinned'>) {
  const trpc = useTRPC();
  const ref = { namespace, name };
  const info = useQuery(trpc.packages.get.queryOptions(ref));
  const record = useQuery(trpc.packages.version.queryOptions({ ...ref, version }));
  return (
    <header>
      <h1>
        <Link to="/@{$namespace}" params={{ namespace }}>
          @{namespace}
        </Link>
        /{name}
      </h1>
      <p className="muted" data-testid="shown-version">
        Version {version}
        {info.data ? (info.data.latest === version ? ' (latest)' : ` · latest is ${info.data.latest}`) : null}
      </p>
      <QueryState query={record} what="this version">
        {(r) => (
          <>
            <TrustBanners record={r} />
            <p className="description" data-testid="description">
              {r.manifest.description}
            </p>
          </>
        )}
      </QueryState>
    </header>
  );
}

function VersionBody({ record, versionRef }: { record: VersionRecord; versionRef: VersionRef }) {
  const trpc = useTRPC();
  const files = useQuery(packageFilesQueryOptions(trpc, versionRef));
  return (
    <>
      <section aria-labelledby="skill-heading">
        <h2 id="skill-heading">SKILL.md</h2>
        <QueryState query={files} what="SKILL.md">
          {(data) => {
            const text = data.skillMd;
            return text === null ? (
              <p>This version has no SKILL.md.</p>
            ) : (
              <div data-testid="skill-md">
                <SafeMarkdown text={stripFrontMatter(text)} headingOffset={2} />
              </div>
            );
          }}
        </QueryState>
      </section>
      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading">Tools</h2>
        <ToolsList tools={record.manifest.tools} files={files} />
      </section>
      <Findings path={versionRef} />
    </>
  );
}

function Versions({ namespace, name, version }: Omit<Props, 'pinned'>) {
  const trpc = useTRPC();
  const versions = useQuery(trpc.packages.versions.queryOptions({ namespace, name }));
  // The package document carries each version's yank and deprecation (docs/trust.md).
  const info = useQuery(trpc.packages.get.queryOptions({ namespace, name }));
  // Each version's downloads over the last 90 days (the same query as the downloads chart).
  const downloads = useQuery(
    trpc.packages.downloads.queryOptions({ namespace, name, period: 'last-90-days' }),
  );
  return (
    <section aria-labelledby="versions-heading">
      <h2 id="versions-heading">Versions</h2>
      <QueryState query={versions} what="the versions">
        {(list) => (
          <VersionsList
            list={list}
            marks={info.data?.versions ?? []}
            namespace={namespace}
            name={name}
            current={version}
            downloads={downloads.data?.versions}
          />
        )}
      </QueryState>
    </section>
  );
}

function Provenance({ namespace, name, version }: Omit<Props, 'pinned'>) {
  const trpc = useTRPC();
  const provenance = useQuery(trpc.packages.provenance.queryOptions({ namespace, name, version }));
  return (
    <section aria-labelledby="provenance-heading">
      <h2 id="provenance-heading">Provenance</h2>
      <QueryState query={provenance} what="the provenance">
        {(answer) => <ProvenanceFacts answer={answer} />}
      </QueryState>
    </section>
  );
}

function Maintainers({ namespace }: { namespace: string }) {
  const trpc = useTRPC();
  const ns = useQuery(trpc.namespaces.get.queryOptions({ namespace }));
  return (
    <section aria-labelledby="maintainers-heading">
      <h2 id="maintainers-heading">Maintainers</h2>
      <QueryState query={ns} what="the maintainers">
        {(data) => (
          <ul data-testid="maintainers">
            {data.owner ? <li>{data.owner} (owner)</li> : null}
            {data.maintainers.map((m) => (
              <li key={m}>{m}</li>
            ))}
            {!data.owner && data.maintainers.length === 0 ? <li>None recorded</li> : null}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

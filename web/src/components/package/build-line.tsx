// Where a version was built, from its signed record (docs/website.md, "The version page"): the
// build identity the registry verified from the CI job's OIDC ID token (`provenance.build`,
// trusted publishing), or else the source the publishing CLI reported, said to be unverified.
// URLs from the record are links only when safe (lib/safe-url.ts).
import type { BuildIdentity, Provenance } from '@pkg/shared/contract';
import { commitUrl, safeHttpUrl, shortCommit } from '../../lib/safe-url';

/** The build line of a version; nothing when the record has neither a build nor a source. */
export function BuildLine({ provenance }: { provenance: Pick<Provenance, 'build' | 'source'> }) {
  if (provenance.build) return <VerifiedBuild build={provenance.build} />;
  const source = provenance.source;
  if (!source) return null;
  return (
    <p className="build-line" data-testid="build-line" data-verified="false">
      Source <code>{`${source.repository}@${shortCommit(source.commit)}`}</code>,{' '}
      <em>reported by the publisher, not verified</em>
    </p>
  );
}

function VerifiedBuild({ build }: { build: BuildIdentity }) {
  const where = `${build.repository}@${shortCommit(build.commit)}`;
  const commit = commitUrl(build);
  const run = safeHttpUrl(build.runUrl);
  return (
    <p className="build-line build-verified" data-testid="build-line" data-verified="true">
      ✓ Built and published from{' '}
      {commit ? (
        <a href={commit} rel="noopener nofollow" data-testid="build-commit" title={build.commit}>
          <code>{where}</code>
        </a>
      ) : (
        <code data-testid="build-commit" title={build.commit}>
          {where}
        </code>
      )}{' '}
      by <code data-testid="build-workflow">{build.workflow}</code>
      {build.environment ? (
        <>
          {' '}
          (environment <code data-testid="build-environment">{build.environment}</code>)
        </>
      ) : null}
      , verified by the registry
      {' · '}
      {run ? (
        <a href={run} rel="noopener nofollow" data-testid="build-run">
          CI run {build.runId}
        </a>
      ) : (
        <span data-testid="build-run">
          CI run {build.runId} (<code>{build.runUrl}</code>)
        </span>
      )}
    </p>
  );
}

// The build identity the registry verified from a CI job's OIDC ID token (provenance.build,
// docs/publishing.md) as `pkg publish --oidc`, `pkg info` and `pkg verify` print it. A source the
// publisher reported (provenance.source) is never called verified.
import type { BuildIdentity, Provenance } from '@pkg/shared/contract';

/** "acme/clock@0123abc by .github/workflows/release.yml": the line of a publish. */
export function buildIdentityShort(build: BuildIdentity): string {
  return `${build.repository}@${build.commit.slice(0, 7)} by ${build.workflow}`;
}

/** "Built and published from acme/clock@<commit> by .github/workflows/release.yml, verified". */
export function verifiedBuildSentence(build: BuildIdentity): string {
  return `Built and published from ${build.repository}@${build.commit} by ${build.workflow}, verified`;
}

/** The verified identity in full, or the reported source marked as such; nothing when neither. */
export function buildIdentityLines(provenance: Provenance, indent = '  '): string[] {
  const build = provenance.build;
  if (build)
    return [
      `${indent}${verifiedBuildSentence(build)}`,
      `${indent}  ${build.platform === 'github' ? 'GitHub Actions' : 'GitLab CI'} run ${build.runUrl}${build.ref ? ` (${build.ref})` : ''}${build.environment ? `, environment ${build.environment}` : ''}`,
    ];
  const source = provenance.source;
  return source
    ? [`${indent}source    ${source.repository} @ ${source.commit} (reported by the publisher)`]
    : [];
}

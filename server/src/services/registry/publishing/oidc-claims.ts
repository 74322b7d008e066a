// What a verified ID token says about the CI job, per platform (docs/publishing.md, "What is
// verified and recorded"), and which of a package's trusted publishers it matches.
//   github  repository, job_workflow_ref (owner/repo/.github/workflows/x.yml@ref), environment,
//           sha, ref, run_id, run_attempt
//   gitlab  project_path, ci_config_ref_uri (gitlab.com/group/project//.gitlab-ci.yml@ref),
//           environment, sha, ref_path (else ref), pipeline_id
import type { BuildIdentity } from '@pkg/shared';
import type { TrustedPublisherDoc } from '../../../db/models/trusted-publisher.js';
import { oidcRefused, shown, type VerifiedIdToken } from './oidc-verify.js';

/** The CI job's identity, before it is matched to a publisher. */
export type CiIdentity = Omit<BuildIdentity, 'publisherId'>;

type Claims = VerifiedIdToken['payload'];

function claim(claims: Claims, name: string, required: true): string;
function claim(claims: Claims, name: string, required: false): string | null;
function claim(claims: Claims, name: string, required: boolean): string | null {
  const value = claims[name];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (required) throw oidcRefused(`the ID token carries no ${name} claim`);
  return null;
}

function githubIdentity(issuer: string, claims: Claims): CiIdentity {
  const repository = claim(claims, 'repository', true);
  const jobWorkflowRef = claim(claims, 'job_workflow_ref', true);
  const prefix = `${repository}/`;
  const at = jobWorkflowRef.lastIndexOf('@');
  if (!jobWorkflowRef.toLowerCase().startsWith(prefix.toLowerCase()) || at < prefix.length)
    throw oidcRefused(
      `the ID token's job_workflow_ref ${shown(jobWorkflowRef)} is not in ${shown(repository)}`,
    );
  const runId = claim(claims, 'run_id', true);
  const attempt = claim(claims, 'run_attempt', false);
  const runUrl = `https://github.com/${repository}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ''}`;
  return {
    platform: 'github',
    issuer,
    repository,
    workflow: jobWorkflowRef.slice(prefix.length, at),
    environment: claim(claims, 'environment', false),
    commit: claim(claims, 'sha', true),
    ref: claim(claims, 'ref', false),
    runId: attempt ? `${runId}-${attempt}` : runId,
    runUrl,
  };
}

function gitlabIdentity(issuer: string, claims: Claims): CiIdentity {
  const repository = claim(claims, 'project_path', true);
  const configRef = claim(claims, 'ci_config_ref_uri', true);
  const start = configRef.indexOf('//');
  const end = configRef.lastIndexOf('@');
  if (start < 0 || end < start + 2)
    throw oidcRefused(`the ID token's ci_config_ref_uri ${shown(configRef)} names no CI configuration file`);
  const runId = claim(claims, 'pipeline_id', true);
  return {
    platform: 'gitlab',
    issuer,
    repository,
    workflow: configRef.slice(start + 2, end),
    environment: claim(claims, 'environment', false),
    commit: claim(claims, 'sha', true),
    // GitLab's `ref` is the bare branch or tag name; `ref_path` is the full ref.
    ref: claim(claims, 'ref_path', false) ?? claim(claims, 'ref', false),
    runId,
    runUrl: `${issuer}/${repository}/-/pipelines/${runId}`,
  };
}

/** The CI job's identity from its verified claims, read the way its platform writes them. */
export function ciIdentity(verified: VerifiedIdToken): CiIdentity {
  const { setting, payload } = verified;
  return setting.platform === 'github'
    ? githubIdentity(setting.issuer, payload)
    : gitlabIdentity(setting.issuer, payload);
}

type Publisher = Pick<
  TrustedPublisherDoc,
  'publisherId' | 'issuer' | 'repository' | 'workflow' | 'environment'
>;

function describe(publishers: readonly Publisher[]): string {
  return publishers
    .map((p) => `${p.repository} via ${p.workflow}${p.environment ? ` in environment ${p.environment}` : ''}`)
    .join('; ');
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The publisher the identity matches, or the refusal naming the first check that none passed. */
export function matchPublisher<P extends Publisher>(
  pkg: string,
  publishers: readonly P[],
  id: CiIdentity,
): P {
  const trusted = `(trusted: ${describe(publishers)})`;
  const byIssuer = publishers.filter((p) => p.issuer === id.issuer);
  if (byIssuer.length === 0)
    throw oidcRefused(`the ID token's issuer ${id.issuer} matches no trusted publisher of ${pkg} ${trusted}`);
  const byRepository = byIssuer.filter((p) => same(p.repository, id.repository));
  if (byRepository.length === 0)
    throw oidcRefused(
      `the ID token's repository ${shown(id.repository)} matches no trusted publisher of ${pkg} ${trusted}`,
    );
  const byWorkflow = byRepository.filter((p) => p.workflow === id.workflow);
  if (byWorkflow.length === 0)
    throw oidcRefused(
      `the ID token's workflow ${shown(id.workflow)} (in ${shown(id.repository)}) matches no trusted publisher of ${pkg} ${trusted}`,
    );
  const match = byWorkflow.find(
    (p) => !p.environment || (id.environment !== null && same(p.environment, id.environment)),
  );
  if (!match)
    throw oidcRefused(
      `the ID token's environment ${id.environment === null ? '(none)' : shown(id.environment)} matches no trusted publisher of ${pkg} ${trusted}`,
    );
  return match;
}

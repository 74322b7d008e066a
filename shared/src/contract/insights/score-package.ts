// The score of a package version (docs/browsing.md, "The score"): six criteria, each met or not
// with a one-line reason; the value is the share met, 0 to 100. Pure and browser-safe: the
// registry computes it for packages.insights from the stored version and the static look at
// its code (./scan-tool-code.ts).
import { SCORE_CRITERIA, type PackageScore } from '../../schemas/api/browse.js';
import type { Manifest } from '../../schemas/manifest.js';
import type { Provenance } from '../../schemas/provenance.js';
import { hostCovered } from './code-strings.js';
import type { CodeScan } from './scan-tool-code.js';

/** A release within this many days of `now` is recent. */
export const RECENT_RELEASE_DAYS = 365;
const DAY_MS = 86_400_000;

export interface ScoreInput {
  /** The version's manifest (a legacy import's may lack a description or tools). */
  manifest: { description?: string; permissions: Manifest['permissions']; tools?: Manifest['tools'] };
  /** Whether the version's package holds a SKILL.md. */
  hasSkillMd: boolean;
  /** The hosts and environment variables its tool code names (analyzeToolCode). */
  code: Pick<CodeScan, 'hosts' | 'env'>;
  /** The version's provenance record, if it has one. */
  provenance: Pick<Provenance, 'publisher' | 'build'> | null;
  /** When the package's newest version was published. */
  lastPublishedAt: Date;
  now: Date;
}

type Criterion = PackageScore['criteria'][number];
type Check = (input: ScoreInput) => Omit<Criterion, 'id'>;

function list(items: readonly string[]): string {
  return items.length > 3 ? `${items.slice(0, 3).join(', ')} and ${items.length - 3} more` : items.join(', ');
}

const description: Check = ({ manifest }) => {
  const met = (manifest.description ?? '').trim().length > 0;
  const detail = met ? 'the manifest has a description' : 'the manifest has no description';
  return { label: 'Has a description', met, detail };
};

const skillMd: Check = ({ hasSkillMd }) => ({
  label: 'Has a SKILL.md',
  met: hasSkillMd,
  detail: hasSkillMd ? 'the package has a SKILL.md' : 'the package has no SKILL.md',
});

const toolSchemas: Check = ({ manifest }) => {
  const tools = manifest.tools ?? [];
  const label = 'Every tool has input and output schemas';
  const lacking = tools.filter((t) => !t.outputSchema).map((t) => t.name);
  if (tools.length === 0) return { label, met: true, detail: 'the package has no tools' };
  if (lacking.length === 0) {
    return { label, met: true, detail: `all ${tools.length} tool(s) have input and output schemas` };
  }
  const which = lacking.length === 1 ? `tool ${list(lacking)} has` : `tools ${list(lacking)} have`;
  return { label, met: false, detail: `${which} no output schema` };
};

/** The declared hosts and variables the tool code never names. */
export function unusedPermissions(input: Pick<ScoreInput, 'manifest' | 'code'>): string[] {
  const { network, env } = input.manifest.permissions;
  const hosts = network.filter((entry) => !input.code.hosts.some((host) => hostCovered(host, [entry])));
  const vars = env.filter((name) => !input.code.env.includes(name));
  return [...hosts.map((h) => `network ${h}`), ...vars.map((v) => `env ${v}`)];
}

const leastPermissions: Check = (input) => {
  const label = 'Permissions no wider than the tools use';
  const unused = unusedPermissions(input);
  if (unused.length > 0)
    return { label, met: false, detail: `declared but not in the tool code: ${list(unused)}` };
  const { network, env } = input.manifest.permissions;
  const detail =
    network.length + env.length === 0
      ? 'declares no network host and no environment variable'
      : 'every declared host and environment variable appears in the tool code';
  return { label, met: true, detail };
};

const verifiedProvenance: Check = ({ provenance }) => {
  const label = 'Published by trusted publishing';
  const build = provenance?.publisher.via === 'oidc' ? provenance.build : undefined;
  if (build) {
    const detail = `built by ${build.repository} (${build.workflow}) at ${build.commit.slice(0, 12)}, verified through ${build.platform} OIDC`;
    return { label, met: true, detail };
  }
  const via = provenance ? `published via ${provenance.publisher.via}` : 'no provenance recorded';
  return { label, met: false, detail: `${via}, not by trusted publishing from a CI build` };
};

const recentRelease: Check = ({ lastPublishedAt, now }) => {
  const days = Math.floor((now.getTime() - lastPublishedAt.getTime()) / DAY_MS);
  const day = lastPublishedAt.toISOString().slice(0, 10);
  const met = days <= RECENT_RELEASE_DAYS;
  const ago = days <= 0 ? 'today' : `${days} day(s) ago`;
  return { label: 'Released in the last year', met, detail: `the last release was on ${day}, ${ago}` };
};

const CHECKS: Record<(typeof SCORE_CRITERIA)[number], Check> = {
  description,
  'skill-md': skillMd,
  'tool-schemas': toolSchemas,
  'least-permissions': leastPermissions,
  'verified-provenance': verifiedProvenance,
  'recent-release': recentRelease,
};

/** The six criteria of SCORE_CRITERIA, in order, and the share met (0 to 100). */
export function scorePackage(input: ScoreInput): PackageScore {
  const criteria = SCORE_CRITERIA.map((id) => ({ id, ...CHECKS[id](input) }));
  const met = criteria.filter((c) => c.met).length;
  return { value: Math.round((100 * met) / criteria.length), criteria };
}

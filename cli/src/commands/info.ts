// pkg info <@ns/name>[@version]: versions (yanked and deprecated ones marked, docs/trust.md "Yank
// and deprecate"), latest, the downloads of the last 7 days (docs/registry-api.md, "Download
// counts"), and the provenance of the latest version or the one named: the build
// identity the registry verified when a trusted publisher published it (docs/publishing.md), else
// the source the publisher reported; then its score with the criteria it
// does not meet, the trust summary the registry records (key, log entry, verified build;
// `pkg verify` checks them) and how many findings the static look made (docs/browsing.md).
import { parsePackageId, versionSchema, type PackageInsights, type VersionRecord } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { formatSize, printJson, printLines } from '../lib/output.js';
import { buildIdentityLines } from '../lib/registry/build-identity.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

/** `@ns/name` or `@ns/name@1.2.3` → the package and the exact version, if one is named. */
function infoArgument(text: string) {
  const at = text.indexOf('@', 1);
  const ref = parsePackageId(at === -1 ? text : text.slice(0, at));
  const version = at === -1 ? undefined : versionSchema.safeParse(text.slice(at + 1));
  if (!ref || (version && !version.success))
    throw new CliError(
      'BAD_REQUEST',
      `"${text}" is not a package id; write @<namespace>/<name>, optionally @<version>.`,
      { exitCode: EXIT.invalidInput, hint: 'For example: pkg info @acme/clock@1.2.0' },
    );
  return { ref, version: version?.data };
}

export const infoCommand = defineCommand({
  name: 'info',
  summary:
    'show a package: versions, latest, weekly downloads, provenance summary (of the latest version or the one named)',
  configure: (cmd) => cmd.argument('<package>', 'a package as @<namespace>/<name>, optionally @<version>'),
  async run({ positionals, globals }) {
    const { ref, version } = infoArgument(String(positionals[0]));
    const { client, registry } = openSession(globals);
    const info = await callRegistry(registry.url, () => client.packages.get.query(ref));
    const shown = version ?? info.latest;
    const [record, insights] = await callRegistry(registry.url, () =>
      Promise.all([
        client.packages.version.query({ ...ref, version: shown }),
        client.packages.insights.query({ ...ref, version: shown }),
      ]),
    );
    // The package's downloads of the last 7 days, as packages.insights counts them.
    const { weeklyDownloads } = insights;
    if (globals.json) {
      const shownRecord = version ? { versionRecord: record } : { latestRecord: record };
      return printJson({ ...info, weeklyDownloads, ...shownRecord, insights });
    }
    const p = record.provenance;
    printLines([
      `${info.name}: ${info.description}`,
      `latest:   ${info.latest}`,
      `downloads: ${weeklyDownloads.toLocaleString('en-US')} in the last 7 days`,
      `versions: ${info.versions.map((v) => v.version).join(', ')}`,
      ...versionMarks(info.versions),
      ...(record.deprecated?.message ? [`deprecated: ${record.deprecated.message}`] : []),
      `provenance of ${shown} (${p.recorded ? 'recorded at publish' : 'derived from metadata: published before provenance existed'}):`,
      `  published ${p.publishedAt} by ${p.publisher.user} via ${p.publisher.via}`,
      `  artifact  ${p.artifact.filename}, ${p.artifact.integrity}, ${formatSize(p.artifact.size)}`,
      ...(p.client ? [`  client    ${p.client.name} ${p.client.version}`] : []),
      ...buildIdentityLines(p),
      '  (provenance states facts the registry recorded; it is not a signature)',
      ...insightLines(insights, record),
    ]);
  },
});

/** One line per yanked or deprecated version, with the reason or the message. */
function versionMarks(
  versions: readonly {
    version: string;
    yanked?: { reason: string } | null;
    deprecated?: { message: string } | null;
  }[],
): string[] {
  return versions.flatMap((v) => [
    ...(v.yanked ? [`  ${v.version} yanked: ${v.yanked.reason}`] : []),
    ...(v.deprecated?.message ? [`  ${v.version} deprecated: ${v.deprecated.message}`] : []),
  ]);
}

/** The score and its unmet criteria, the trust summary and the findings count. */
function insightLines(insights: PackageInsights, record: VersionRecord): string[] {
  const unmet = insights.score.criteria.filter((c) => !c.met);
  const signatures = record.signatures.map((s) => s.keyid);
  const build = record.provenance.build;
  const findings = insights.findings.length;
  return [
    `score of ${insights.version}: ${insights.score.value}/100${unmet.length ? `, not met:` : ', every criterion met'}`,
    ...unmet.map((c) => `  ${c.label}: ${c.detail}`),
    `trust of ${insights.version} (as the registry records it; pkg verify checks it):`,
    `  signed    ${signatures.length ? `by key ${signatures.join(', ')}` : 'no (published before signing existed)'}`,
    `  log       ${record.log ? `entry ${record.log.index}` : 'not in the log'}`,
    `  build     ${build ? `${build.repository}@${build.commit.slice(0, 12)} by ${build.workflow}, verified (${build.platform})` : 'none recorded (not published by trusted publishing)'}`,
    `findings of the static look at the code: ${findings}${findings ? ` (${findingKinds(insights)}; pkg info --json lists them)` : ''}`,
  ];
}

function findingKinds(insights: PackageInsights): string {
  const counts = new Map<string, number>();
  for (const f of insights.findings) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
}

// pkg info <@ns/name>: versions (yanked and deprecated ones marked, docs/trust.md "Yank and
// deprecate"), latest, and the provenance of the latest version.
import { parsePackageId } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { formatSize, printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

export const infoCommand = defineCommand({
  name: 'info',
  summary: 'show a package: versions, latest, provenance summary',
  configure: (cmd) => cmd.argument('<package>', 'a package as @<namespace>/<name>'),
  async run({ positionals, globals }) {
    const id = String(positionals[0]);
    const ref = parsePackageId(id);
    if (!ref)
      throw new CliError('BAD_REQUEST', `"${id}" is not a package id; write @<namespace>/<name>.`, {
        exitCode: EXIT.invalidInput,
      });
    const { client, registry } = openSession(globals);
    const info = await callRegistry(registry.url, () => client.packages.get.query(ref));
    const latest = await callRegistry(registry.url, () =>
      client.packages.version.query({ ...ref, version: info.latest }),
    );
    if (globals.json) return printJson({ ...info, latestRecord: latest });
    const p = latest.provenance;
    printLines([
      `${info.name}: ${info.description}`,
      `latest:   ${info.latest}`,
      `versions: ${info.versions.map((v) => v.version).join(', ')}`,
      ...versionMarks(info.versions),
      ...(latest.deprecated?.message ? [`deprecated: ${latest.deprecated.message}`] : []),
      `provenance of ${info.latest} (${p.recorded ? 'recorded at publish' : 'derived from metadata: published before provenance existed'}):`,
      `  published ${p.publishedAt} by ${p.publisher.user} via ${p.publisher.via}`,
      `  artifact  ${p.artifact.filename}, ${p.artifact.integrity}, ${formatSize(p.artifact.size)}`,
      ...(p.client ? [`  client    ${p.client.name} ${p.client.version}`] : []),
      ...(p.source ? [`  source    ${p.source.repository} @ ${p.source.commit}`] : []),
      '  (provenance states facts the registry recorded; it is not a signature)',
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

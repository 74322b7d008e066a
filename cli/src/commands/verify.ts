// pkg verify <@ns/name@version>: the install checks without installing, plus provenance
// (package, version, integrity, size and manifest hash agree with the version record) and the
// direct artifact URL (the same bytes).
import { manifestSha256 } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { parseSpec } from '../install/resolve.js';
import { expectedFromRecord, verifyArtifact } from '../install/verify.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { downloadArtifact } from '../lib/registry/rest-client.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

function mismatch(what: string): CliError {
  return new CliError('INTEGRITY_MISMATCH', what, {
    hint: 'Do not install this version; report it to the registry operator.',
  });
}

export const verifyCommand = defineCommand({
  name: 'verify',
  summary: 'verify a published version without installing it (bytes, package, provenance, direct URL)',
  configure: (cmd) => cmd.argument('<package@version>', 'an exact version, e.g. @acme/weather@1.2.0'),
  async run({ positionals, globals }) {
    const spec = parseSpec(String(positionals[0]));
    if (!spec.range || !/^\d+\.\d+\.\d+/.test(spec.range) || /[\s^~<>=|*x]/.test(spec.range)) {
      throw new CliError('BAD_REQUEST', 'verify needs an exact version: @<namespace>/<name>@<version>.', {
        exitCode: EXIT.invalidInput,
      });
    }
    const { client, registry } = openSession(globals);
    const ref = { namespace: spec.namespace, name: spec.name, version: spec.range };
    const [record, prov] = await Promise.all([
      callRegistry(registry.url, () => client.packages.version.query(ref)),
      callRegistry(registry.url, () => client.packages.provenance.query(ref)),
    ]);
    const label = `${record.name}@${record.version}`;
    const download = await downloadArtifact(
      `${registry.url}${record.download}`,
      label,
      record.size,
      !globals.json,
    );
    const verified = await verifyArtifact(download, expectedFromRecord(record));
    const checks = [...verified.checks];

    const p = prov.provenance;
    if (p.package !== record.name || p.version !== record.version)
      throw mismatch(`The provenance names ${p.package}@${p.version}, not ${label}.`);
    if (p.artifact.integrity !== record.integrity || p.artifact.size !== record.size) {
      throw mismatch(
        `The provenance records ${p.artifact.integrity} (${p.artifact.size} bytes), the version record ${record.integrity} (${record.size} bytes).`,
      );
    }
    if (p.manifestSha256 !== manifestSha256(verified.manifest)) {
      throw mismatch(
        `The provenance's manifest hash ${p.manifestSha256} is not the hash of the archive's manifest.`,
      );
    }
    checks.push(
      `provenance agrees (${p.recorded ? 'recorded at publish' : 'derived from metadata'}): package, version, integrity, size, manifest hash`,
    );

    const direct = await downloadArtifact(record.artifact.url, `${label} (direct URL)`, record.size, false);
    if (!direct.bytes.equals(download.bytes))
      throw mismatch(`The direct artifact URL ${record.artifact.url} serves different bytes.`);
    checks.push(`direct artifact URL serves the same bytes: ${record.artifact.url}`);

    if (globals.json)
      return printJson({
        name: record.name,
        version: record.version,
        integrity: record.integrity,
        size: record.size,
        verified: true,
        checks,
      });
    printLines([`verified ${label}`, ...checks.map((c) => `  ✓ ${c}`)]);
  },
});

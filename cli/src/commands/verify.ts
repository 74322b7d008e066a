// pkg verify <@ns/name@version>: the install checks without installing, plus provenance
// (package, version, integrity, size and manifest hash agree with the version record) and the
// direct artifact URL (the same bytes). Without an argument: the audit of the project's installed
// packages (trust/audit.ts; docs/trust.md, "What the CLI checks").
import { manifestSha256 } from '@pkg/shared';
import { CliError, EXIT, type ExitCode } from '../exit.js';
import { parseSpec } from '../install/resolve.js';
import { expectedFromRecord, verifyArtifact } from '../install/verify.js';
import { defineCommand, type GlobalOptions } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { buildIdentityLines } from '../lib/registry/build-identity.js';
import { downloadArtifact } from '../lib/registry/rest-client.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';
import { findProject, readLockFile } from '../lib/project/project.js';
import { auditError, auditProject, auditSummary } from '../trust/audit.js';

function mismatch(what: string): CliError {
  return new CliError('INTEGRITY_MISMATCH', what, {
    hint: 'Do not install this version; report it to the registry operator.',
  });
}

/** pkg verify with no argument: every installed package, a summary, a non-zero exit naming each problem. */
async function audit(globals: GlobalOptions, filesOnly: boolean): Promise<ExitCode | void> {
  const project = findProject();
  const lock = readLockFile(project)?.packages ?? {};
  const result = await auditProject(project, lock, { filesOnly });
  if (globals.json) {
    printJson({ root: project.root, packages: result.packages, problems: result.problems });
    return result.problems.length > 0 ? EXIT.failure : undefined;
  }
  if (Object.keys(lock).length === 0) return printLines([`No packages are installed in ${project.root}.`]);
  printLines(auditSummary(result, filesOnly));
  if (result.problems.length > 0) throw auditError(result);
}

export const verifyCommand = defineCommand({
  name: 'verify',
  summary:
    "verify the project's installed packages (files, signatures, log), or a published version without installing it",
  help: [
    'Without an argument: every package of pkg-lock.json, its installed files against the hashes',
    'recorded at install, then its registry signature and its publish entry in the registry log',
    '(docs/trust.md). Exits 1 naming each problem. --files checks the files only, offline.',
    '',
    'With @ns/name@version: the published version, downloaded and checked as pkg install would.',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('[package@version]', 'an exact version, e.g. @acme/weather@1.2.0')
      .option('--files', 'check only the installed files against pkg-lock.json (no registry)', false),
  async run({ positionals, options, globals }) {
    const [argument] = positionals;
    if (typeof argument !== 'string') return audit(globals, options.files === true);
    const spec = parseSpec(argument);
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
        build: p.build ?? null,
      });
    printLines([
      `verified ${label}`,
      ...checks.map((c) => `  ✓ ${c}`),
      ...(p.build ? buildIdentityLines(p) : []),
    ]);
  },
});

// pkg publish [dir]: validate and pack (steps 1 and 2 of the publish flow), then upload.
// --dry-run stops after packing: no network access, no login, nothing written. Otherwise one
// upload with the stored token, and the integrity the registry recorded is compared with ours.
// --oidc (trusted publishing, docs/publishing.md): inside GitHub Actions or GitLab CI, the job's
// OIDC ID token is exchanged for a short-lived token of this one package, which makes the same
// upload; the registry records the build identity it verified.
import * as z from 'zod';
import { publishOutputSchema, type BuildIdentity, type PackResult } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand, type GlobalOptions } from '../lib/command.js';
import { gitSource } from '../lib/authoring/git-source.js';
import { buildIdentityShort } from '../lib/registry/build-identity.js';
import { detectCiIdTokenSource } from '../lib/registry/ci-id-token.js';
import { oidcPublishToken } from '../lib/registry/oidc-publish-token.js';
import { uploadArchive } from '../lib/registry/rest-client.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';
import { openSession } from '../lib/registry/session.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { packSummary, packSummaryLines, printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/authoring/package-dir.js';

const optionsSchema = z.object({ dryRun: z.boolean().optional(), oidc: z.boolean().optional() });

/** Where the upload goes and with which token; `build` when the token came from the OIDC exchange. */
interface Upload {
  registry: string;
  token: string;
  build?: BuildIdentity | undefined;
}

export const publishCommand = defineCommand({
  name: 'publish',
  summary:
    'validate, pack and publish a package (--dry-run: validate and pack only, offline; --oidc: from CI as a trusted publisher)',
  help: [
    'Needs a login (pkg login) unless --dry-run or --oidc.',
    '',
    "--oidc publishes from a CI job that is one of the package's trusted publishers (pkg trust add),",
    'with no stored token: GitHub Actions (the job needs `permissions: id-token: write`) or GitLab CI',
    "(the job declares `id_tokens: { PKG_ID_TOKEN: { aud: <the registry's audience> } }`; PKG_OIDC_TOKEN_VAR",
    'names another variable). The version records the build identity the registry verified.',
    '',
    'Examples:',
    '  pkg publish my-skill',
    '  pkg publish --dry-run my-skill',
    '  pkg publish --oidc',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('[dir]', 'package directory (default: the current directory)')
      .option('--dry-run', 'validate and pack only: no network access, no login, nothing uploaded')
      .option(
        '--oidc',
        "in CI: publish as one of the package's trusted publishers, with the job's OIDC ID token",
      ),
  async run({ positionals, options, globals }) {
    const dir = typeof positionals[0] === 'string' ? positionals[0] : '.';
    const { dryRun, oidc } = optionsSchema.parse(options);
    if (dryRun && oidc)
      throw new CliError('BAD_REQUEST', '--dry-run and --oidc do not go together: a dry run sends nothing.', {
        exitCode: EXIT.invalidInput,
        hint: 'Run pkg publish --dry-run to check the package, pkg publish --oidc in CI to publish it.',
      });
    if (oidc) return publishWithOidc(dir, globals);
    // A real publish needs a token: fail before packing rather than after.
    const session = dryRun ? undefined : openSession(globals, { requireToken: true });
    const packed = await packDir(dir);
    if (session)
      return upload(
        { registry: session.registry.url, token: session.token ?? '' },
        packed,
        dir,
        globals.json,
      );
    if (globals.json) return printJson({ dryRun: true, ...packSummary(packed) });
    const [first, ...rest] = packSummaryLines(packed);
    printLines([`dry run: ${first ?? ''} would be published`, ...rest, 'nothing was uploaded (--dry-run)']);
  },
});

/**
 * --oidc: which CI this is (before packing, so that a job set up wrong fails at once), the
 * package, then the exchange for a token of that package alone, and the same upload.
 */
async function publishWithOidc(dir: string, globals: GlobalOptions): Promise<void> {
  const registry = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
  const ci = detectCiIdTokenSource(registry);
  const packed = await packDir(dir);
  const id = `@${packed.manifest.namespace}/${packed.manifest.name}`;
  const exchanged = await oidcPublishToken(registry, ci, id);
  await upload({ registry, token: exchanged.token, build: exchanged.build }, packed, dir, globals.json);
}

/** Step 3 and 4 of the publish flow: one upload, then the registry's integrity must equal ours. */
async function upload(to: Upload, packed: PackResult, dir: string, json: boolean): Promise<void> {
  const answer = publishOutputSchema.parse(
    await uploadArchive(to.registry, to.token, packed.bytes, { source: gitSource(dir) }),
  );
  if (answer.integrity !== packed.integrity || answer.size !== packed.size) {
    throw new CliError(
      'INTEGRITY_MISMATCH',
      `The registry recorded ${answer.integrity} (${answer.size} bytes) but this archive is ${packed.integrity} (${packed.size} bytes).`,
      {
        hint: 'The upload was altered on the way or by the registry. Do not use this version; report it to the registry operator.',
      },
    );
  }
  if (json)
    return printJson({
      ...answer,
      registry: to.registry,
      files: packed.files,
      ...(to.build ? { build: to.build } : {}),
    });
  printLines([
    to.build
      ? `published ${answer.name}@${answer.version} from ${buildIdentityShort(to.build)} (verified)`
      : `published ${answer.name}@${answer.version} to ${to.registry}`,
    ...(to.build ? [`  registry:  ${to.registry}`, `  run:       ${to.build.runUrl}`] : []),
    `  integrity: ${answer.integrity} (the registry's record matches the local archive)`,
    `  size:      ${answer.size} bytes`,
    `  download:  ${to.registry}${answer.download}`,
  ]);
}

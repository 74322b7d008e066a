// pkg publish [dir]: validate and pack (steps 1 and 2 of the publish flow), then upload.
// --dry-run stops after packing: no network access, no login, nothing written. Otherwise one
// upload with the stored token, and the integrity the registry recorded is compared with ours.
import { z } from 'zod';
import { publishOutputSchema, type PackResult } from '@pkg/shared';
import { CliError } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { gitSource } from '../lib/authoring/git-source.js';
import { uploadArchive } from '../lib/registry/rest-client.js';
import { openSession, type Session } from '../lib/registry/session.js';
import { packSummary, packSummaryLines, printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/authoring/package-dir.js';

const optionsSchema = z.object({ dryRun: z.boolean().optional() });

export const publishCommand = defineCommand({
  name: 'publish',
  summary: 'validate, pack and publish a package (--dry-run: validate and pack only, offline)',
  help: 'Needs a login (pkg login) unless --dry-run.\n\nExamples:\n  pkg publish my-skill\n  pkg publish --dry-run my-skill',
  configure: (cmd) =>
    cmd
      .argument('[dir]', 'package directory (default: the current directory)')
      .option('--dry-run', 'validate and pack only: no network access, no login, nothing uploaded'),
  async run({ positionals, options, globals }) {
    const dir = typeof positionals[0] === 'string' ? positionals[0] : '.';
    const dryRun = optionsSchema.parse(options).dryRun === true;
    // A real publish needs a token: fail before packing rather than after.
    const session = dryRun ? undefined : openSession(globals, { requireToken: true });
    const packed = await packDir(dir);
    if (session) return upload(session, packed, dir, globals.json);
    if (globals.json) return printJson({ dryRun: true, ...packSummary(packed) });
    const [first, ...rest] = packSummaryLines(packed);
    printLines([`dry run: ${first ?? ''} would be published`, ...rest, 'nothing was uploaded (--dry-run)']);
  },
});

/** Step 3 and 4 of the publish flow: one upload, then the registry's integrity must equal ours. */
async function upload(session: Session, packed: PackResult, dir: string, json: boolean): Promise<void> {
  const answer = publishOutputSchema.parse(
    await uploadArchive(session.registry.url, session.token ?? '', packed.bytes, { source: gitSource(dir) }),
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
  if (json) return printJson({ ...answer, registry: session.registry.url, files: packed.files });
  printLines([
    `published ${answer.name}@${answer.version} to ${session.registry.url}`,
    `  integrity: ${answer.integrity} (the registry's record matches the local archive)`,
    `  size:      ${answer.size} bytes`,
    `  download:  ${session.registry.url}${answer.download}`,
  ]);
}

// pkg publish [dir]: validate and pack (steps 1 and 2 of the publish flow), then upload.
// --dry-run stops after packing: no network access, no login, nothing written.
import { z } from 'zod';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { packSummary, packSummaryLines, printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/package-dir.js';

const optionsSchema = z.object({ dryRun: z.boolean().optional() });

export const publishCommand = defineCommand({
  name: 'publish',
  summary: 'validate, pack and publish a package (--dry-run: validate and pack only, offline)',
  help: 'Examples:\n  pkg publish --dry-run\n  pkg publish --dry-run my-skill',
  configure: (cmd) =>
    cmd
      .argument('[dir]', 'package directory (default: the current directory)')
      .option('--dry-run', 'validate and pack only: no network access, no login, nothing uploaded'),
  async run({ positionals, options, globals }) {
    const dir = typeof positionals[0] === 'string' ? positionals[0] : '.';
    if (!optionsSchema.parse(options).dryRun) {
      throw new CliError(
        'NOT_AVAILABLE',
        'Publishing to a registry comes with `pkg login`, which this build does not have yet.',
        {
          exitCode: EXIT.failure,
          hint: 'Run pkg publish --dry-run to validate and pack without uploading.',
        },
      );
    }
    const packed = await packDir(dir);
    if (globals.json) return printJson({ dryRun: true, ...packSummary(packed) });
    const [first, ...rest] = packSummaryLines(packed);
    printLines([`dry run: ${first ?? ''} would be published`, ...rest, 'nothing was uploaded (--dry-run)']);
  },
});

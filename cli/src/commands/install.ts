// pkg install [@ns/name[@range] ...]: install packages (or everything in pkg.json, honouring
// pkg-lock.json), verified before anything is written. See install/install.ts.
import * as z from 'zod';
import { install } from '../install/install.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines, formatSize } from '../lib/output.js';
import { findProject } from '../lib/project/project.js';

const optionsSchema = z.object({ acceptPermissions: z.boolean().optional() });

export const installCommand = defineCommand({
  name: 'install',
  summary: 'install packages into .pkg/packages (verified; pinned by pkg-lock.json)',
  help: [
    'Without arguments, installs what pkg.json lists, with exactly the bytes pkg-lock.json pins.',
    'Every download is verified (SHA-256, size, validation, manifest) before anything is written;',
    'there is no option to skip it. No package code runs during installation.',
    '',
    'Examples:',
    '  pkg install @acme/weather',
    '  pkg install @acme/weather@^1.2 --accept-permissions',
    '  pkg install',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('[packages...]', 'packages as @<namespace>/<name>[@<range>]')
      .option('--accept-permissions', 'grant the permissions the packages request'),
  async run({ positionals, options, globals }) {
    const specs = (positionals[0] as string[] | undefined) ?? [];
    const { acceptPermissions } = optionsSchema.parse(options);
    const project = findProject();
    const installed = await install({
      project,
      specs,
      registryFlag: globals.registry,
      acceptPermissions: acceptPermissions === true,
      progress: !globals.json,
    });
    // Loaded once something is installed (it brings the skill-file parser of the package tools).
    if (installed.length > 0) (await import('../lib/agents/sync-links.js')).refreshLinksAfterChange(project);
    if (globals.json) return printJson({ installed });
    if (installed.length === 0) return printLines(['nothing to install: pkg.json lists no packages']);
    printLines(
      installed.flatMap((p) => [
        `installed ${p.name}@${p.version} (${formatSize(p.size)})${p.fromLock ? ' from pkg-lock.json' : ''}`,
        ...p.checks.map((c) => `  ✓ ${c}`),
      ]),
    );
  },
});

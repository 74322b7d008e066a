// pkg validate [dir | file.tar.gz]: check a package directory (packed in memory, never written)
// or an archive with the registry's validator. Invalid packages list their problems, exit 2.
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PACKAGE_LIMITS, validateArchive } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { invalidPackageError, packSummary, packSummaryLines, printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/authoring/package-dir.js';

/** Reads at most one byte past the limit: the validator reports the size without reading more. */
async function readCapped(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(PACKAGE_LIMITS.maxCompressedBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

async function validateFile(path: string, shown: string, json: boolean): Promise<void> {
  const result = await validateArchive(await readCapped(path));
  if (!result.ok) throw invalidPackageError(result.problems, shown);
  const summary = {
    valid: true,
    name: `@${result.manifest.namespace}/${result.manifest.name}`,
    version: result.manifest.version,
    integrity: result.integrity,
    size: result.size,
    files: result.files.map((f) => f.path),
  };
  if (json) return printJson(summary);
  printLines([
    `valid: ${summary.name}@${summary.version}`,
    `  integrity: ${summary.integrity}`,
    `  size:      ${summary.size} bytes`,
    `  files (${summary.files.length}):`,
    ...summary.files.map((f) => `    ${f}`),
  ]);
}

export const validateCommand = defineCommand({
  name: 'validate',
  summary: 'check a package directory or a .tar.gz archive against the package format',
  help: 'Examples:\n  pkg validate\n  pkg validate my-skill\n  pkg validate acme-hello-1.0.0.tar.gz',
  configure: (cmd) =>
    cmd.argument('[target]', 'package directory or .tar.gz archive (default: the current directory)'),
  async run({ positionals, globals }) {
    const shown = typeof positionals[0] === 'string' ? positionals[0] : '.';
    const target = resolve(shown);
    const stats = await stat(target).catch(() => undefined);
    if (!stats) {
      throw new CliError('BAD_REQUEST', `${shown} does not exist.`, {
        exitCode: EXIT.invalidInput,
        hint: 'Give a package directory or a .tar.gz archive.',
      });
    }
    if (stats.isFile()) return validateFile(target, shown, globals.json);
    const packed = await packDir(shown);
    if (globals.json) return printJson({ valid: true, ...packSummary(packed) });
    const [first, ...rest] = packSummaryLines(packed);
    printLines([`valid: ${first ?? ''}`, ...rest]);
  },
});

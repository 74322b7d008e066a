// pkg pack [dir]: write the deterministic archive <ns>-<name>-<version>.tar.gz (into the
// current directory, or --out-dir) and print its integrity, size and file list.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import * as z from 'zod';
import { defineCommand } from '../lib/command.js';
import { packSummary, packSummaryLines, printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/authoring/package-dir.js';

const optionsSchema = z.object({ outDir: z.string().optional() });

export const packCommand = defineCommand({
  name: 'pack',
  summary: 'pack a package directory into its deterministic .tar.gz and print its integrity',
  help: 'Examples:\n  pkg pack\n  pkg pack my-skill --out-dir dist',
  configure: (cmd) =>
    cmd
      .argument('[dir]', 'package directory (default: the current directory)')
      .option('--out-dir <dir>', 'where to write the archive (default: the current directory)'),
  async run({ positionals, options, globals }) {
    const dir = typeof positionals[0] === 'string' ? positionals[0] : '.';
    const outDir = resolve(optionsSchema.parse(options).outDir ?? '.');
    const packed = await packDir(dir);
    await mkdir(outDir, { recursive: true });
    const path = join(outDir, packed.filename);
    // Write then rename, so that a reader never sees half an archive.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, packed.bytes);
    await rename(partial, path);
    if (globals.json) return printJson({ ...packSummary(packed), path });
    const [first, ...rest] = packSummaryLines(packed);
    printLines([`packed ${first ?? ''}`, `  archive:   ${relative(process.cwd(), path) || path}`, ...rest]);
  },
});

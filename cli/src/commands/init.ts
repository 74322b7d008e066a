// pkg init [dir]: scaffold a skill package that validates as it is (manifest, SKILL.md, one
// tool and its schemas). Refuses to write into a non-empty directory.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { namespaceSchema, packageNameSchema } from '@pkg/shared';
import * as z from 'zod';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { packDir } from '../lib/authoring/package-dir.js';
import { scaffold, slugifyName, slugifyNamespace } from '@pkg/shared';

const optionsSchema = z.object({
  namespace: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
});

function invalid(message: string, hint: string): CliError {
  return new CliError('BAD_REQUEST', message, { exitCode: EXIT.invalidInput, hint });
}

function defaultNamespace(): string {
  try {
    return slugifyNamespace(userInfo().username) || 'my-namespace';
  } catch {
    return 'my-namespace';
  }
}

async function assertEmptyOrMissing(dir: string, shown: string): Promise<void> {
  const stats = await stat(dir).catch(() => undefined);
  if (!stats) return;
  if (!stats.isDirectory())
    throw invalid(`${shown} exists and is not a directory.`, 'Choose another directory.');
  // Hidden entries (.git, .env) never collide with the scaffold and are never packed.
  if ((await readdir(dir)).some((entry) => !entry.startsWith('.'))) {
    throw invalid(
      `${shown} is not empty; pkg init never overwrites files.`,
      'Run pkg init with a new or empty directory, e.g. pkg init my-skill.',
    );
  }
}

export const initCommand = defineCommand({
  name: 'init',
  summary: 'create a skill package that validates: manifest, SKILL.md, one tool and its schemas',
  help: 'Examples:\n  pkg init my-skill\n  pkg init my-skill --namespace acme --description "Looks up token prices."',
  configure: (cmd) =>
    cmd
      .argument('[dir]', 'directory to create (default: the current directory)')
      .option('--namespace <namespace>', 'namespace to publish under (default: your user name)')
      .option('--name <name>', 'package name (default: the directory name)')
      .option('--description <text>', 'one-line description (manifest and SKILL.md)'),
  async run({ positionals, options, globals }) {
    const shown = typeof positionals[0] === 'string' ? positionals[0] : '.';
    const dir = resolve(shown);
    const opts = optionsSchema.parse(options);
    const name = opts.name ?? slugifyName(basename(dir));
    if (!packageNameSchema.safeParse(name).success) {
      throw invalid(
        `"${name}" is not a valid package name.`,
        'Pass --name with 1 to 64 lowercase letters, digits, ".", "_" or "-".',
      );
    }
    const namespace = opts.namespace ?? defaultNamespace();
    if (!namespaceSchema.safeParse(namespace).success) {
      throw invalid(
        `"${namespace}" is not a valid namespace.`,
        'Pass --namespace with 1 to 39 lowercase letters, digits or "-".',
      );
    }
    const description = (opts.description ?? `The ${name} skill: greets someone by name.`).trim();
    await assertEmptyOrMissing(dir, shown);
    const files = scaffold({ namespace, name, description });
    for (const [path, text] of files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text, { flag: 'wx' });
    }
    const packed = await packDir(dir);
    if (globals.json) {
      printJson({
        dir,
        name: `@${namespace}/${name}`,
        version: packed.manifest.version,
        files: packed.files,
      });
      return;
    }
    printLines([
      `created @${namespace}/${name}@${packed.manifest.version} in ${shown}`,
      ...packed.files.map((f) => `  ${f}`),
      '',
      'next:',
      `  pkg validate ${shown}`,
      `  pkg publish --dry-run ${shown}`,
    ]);
  },
});

// pkg remove <@ns/name ...>: uninstall, and drop the packages from pkg.json and pkg-lock.json.
import { parsePackageId } from '@pkg/shared';
import { commit } from '../install/transaction.js';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, packageDir, readLockFile, readProjectManifest } from '../lib/project.js';

export const removeCommand = defineCommand({
  name: 'remove',
  summary: 'uninstall packages and remove them from pkg.json and pkg-lock.json',
  configure: (cmd) => cmd.argument('<packages...>', 'packages as @<namespace>/<name>'),
  run({ positionals, globals }) {
    const ids = positionals[0] as string[];
    const project = findProject();
    const manifest = readProjectManifest(project) ?? { packages: {} };
    const lock = readLockFile(project) ?? { lockfileVersion: 1 as const, packages: {} };
    for (const id of ids) {
      if (!parsePackageId(id)) {
        throw new CliError('BAD_REQUEST', `"${id}" is not a package id; write @<namespace>/<name>.`, {
          exitCode: EXIT.invalidInput,
        });
      }
      if (!manifest.packages[id] && !lock.packages[id]) {
        throw new CliError('NOT_FOUND', `${id} is not installed in ${project.root}.`, {
          hint: 'Run pkg list to see what is installed.',
        });
      }
    }
    const nextManifest = {
      ...manifest,
      packages: Object.fromEntries(Object.entries(manifest.packages).filter(([id]) => !ids.includes(id))),
    };
    const nextLock = {
      ...lock,
      packages: Object.fromEntries(Object.entries(lock.packages).filter(([id]) => !ids.includes(id))),
    };
    commit(
      project,
      ids.map((id) => ({ target: packageDir(project, id), source: undefined })),
      nextManifest,
      nextLock,
    );
    if (globals.json) return printJson({ removed: ids });
    printLines(ids.map((id) => `removed ${id}`));
  },
});

// pkg remove <@ns/name ...>: uninstall, and drop the packages from pkg.json and pkg-lock.json.
import { parsePackageId } from '@pkg/shared';
import { CliError, EXIT } from '../exit.js';
import { refreshLinksAfterChange } from '../lib/agents/sync-links.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { readProjectFiles, withoutPackages } from '../lib/project/project-files.js';
import { findProject, packageDir } from '../lib/project/project.js';
import { commit } from '../lib/project/transaction.js';

export const removeCommand = defineCommand({
  name: 'remove',
  summary: 'uninstall packages and remove them from pkg.json and pkg-lock.json',
  configure: (cmd) => cmd.argument('<packages...>', 'packages as @<namespace>/<name>'),
  run({ positionals, globals }) {
    const ids = positionals[0] as string[];
    const project = findProject();
    const files = readProjectFiles(project);
    for (const id of ids) {
      if (!parsePackageId(id)) {
        throw new CliError('BAD_REQUEST', `"${id}" is not a package id; write @<namespace>/<name>.`, {
          exitCode: EXIT.invalidInput,
        });
      }
      if (!files.manifest.packages[id] && !files.lock.packages[id]) {
        throw new CliError('NOT_FOUND', `${id} is not installed in ${project.root}.`, {
          hint: 'Run pkg list to see what is installed.',
        });
      }
    }
    commit(
      project,
      ids.map((id) => ({ target: packageDir(project, id), source: undefined })),
      withoutPackages(files, ids),
    );
    refreshLinksAfterChange(project);
    if (globals.json) return printJson({ removed: ids });
    printLines(ids.map((id) => `removed ${id}`));
  },
});

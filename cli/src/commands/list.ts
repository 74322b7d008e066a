// pkg list: what the project has installed, from pkg.json and pkg-lock.json.
import { existsSync } from 'node:fs';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines, formatSize } from '../lib/output.js';
import { findProject, packageDir, readLockFile, readProjectManifest } from '../lib/project/project.js';

export const listCommand = defineCommand({
  name: 'list',
  summary: 'list the packages installed in this project',
  run({ globals }) {
    const project = findProject();
    const manifest = readProjectManifest(project) ?? { packages: {} };
    const lock = readLockFile(project);
    const rows = Object.entries(manifest.packages).map(([name, entry]) => {
      const pin = lock?.packages[name];
      return {
        name,
        range: entry.range,
        version: pin?.version ?? null,
        integrity: pin?.integrity ?? null,
        size: pin?.size ?? null,
        installed: existsSync(packageDir(project, name)),
      };
    });
    if (globals.json) return printJson({ project: project.root, packages: rows });
    if (rows.length === 0)
      return printLines([`no packages in ${project.root} (pkg install @ns/name adds one)`]);
    printLines(
      rows.map((r) =>
        r.version
          ? `${r.name}@${r.version}  (range ${r.range}, ${formatSize(r.size ?? 0)})${r.installed ? '' : '  MISSING: run pkg install'}`
          : `${r.name}  (range ${r.range}, not installed: run pkg install)`,
      ),
    );
  },
});

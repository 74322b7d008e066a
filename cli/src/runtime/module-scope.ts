// Tool entries are ES modules. Node decides how a `.js` file loads from the nearest package.json
// upwards, which for an installed package lies outside it (the project's own package.json may
// say "type": "commonjs"). `.pkg/package.json` with "type": "module" puts every package under
// `.pkg/` in an ES module scope (a package may still declare its own scope: the loader checks it).
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** True when `child` is `parent` or lies below it. */
export function isWithin(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** Writes `<project>/.pkg/package.json` when the package lies below `.pkg/` and the file is missing. */
export async function ensureModuleScope(packageDir: string, projectDir: string): Promise<void> {
  const stateDir = join(projectDir, '.pkg');
  if (!isWithin(stateDir, packageDir)) return;
  await writeFile(join(stateDir, 'package.json'), '{ "type": "module" }\n', { flag: 'wx' }).catch(
    () => undefined,
  );
}

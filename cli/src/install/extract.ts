// Writes verified files (never the archive itself: what is written is exactly what was
// checked) into a fresh directory under the project's .pkg/tmp/.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PackageFile } from '@pkg/shared';
import type { Project } from '../lib/project/project.js';

export function extractToTemp(project: Project, files: readonly PackageFile[], label: string): string {
  const dir = path.join(
    project.tmpDir,
    `${label.replace(/[^a-z0-9._-]/gi, '_')}-${randomBytes(6).toString('hex')}`,
  );
  mkdirSync(dir, { recursive: true });
  const root = path.resolve(dir);
  for (const file of files) {
    const target = path.resolve(root, file.path);
    // The validator already refused any path that could leave the package; check again here.
    if (!target.startsWith(`${root}${path.sep}`))
      throw new Error(`refusing to write outside the package: ${file.path}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.data, { mode: file.mode, flag: 'wx' });
  }
  return dir;
}

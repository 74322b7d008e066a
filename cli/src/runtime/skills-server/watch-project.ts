// Follows installs and removals while the MCP skills server runs: `pkg install` and `pkg remove`
// end by replacing pkg-lock.json and pkg.json (a rename: docs/trust.md, "What the CLI checks"), so
// the project's root directory is watched for those two names, and a burst of events becomes one
// call after a short quiet time.
import { watch } from 'node:fs';
import { basename } from 'node:path';
import type { Project } from '../../lib/project/project.js';

export const WATCH_DEBOUNCE_MS = 150;

export function watchProject(project: Project, onChange: () => void): () => void {
  const names = new Set([basename(project.lockFile), basename(project.manifestFile)]);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(project.root, { persistent: false }, (_event, file) => {
    if (file !== null && !names.has(file.toString())) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, WATCH_DEBOUNCE_MS);
  });
  watcher.on('error', (error) =>
    process.stderr.write(`pkg mcp --skills: watching ${project.root} failed: ${error.message}\n`),
  );
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

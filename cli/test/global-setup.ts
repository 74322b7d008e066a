// Builds the bundled CLI once before the CLI tests, which run `node cli/dist/pkg.js`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  for (const workspace of ['@pkg/cli']) {
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'pipe' });
  }
}

#!/usr/bin/env node
// The pkg executable: a launcher for the bundled CLI, present from install on so that npm links
// it before the first build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/pkg.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('pkg is not built yet: run `npm run build` at the repository root.\n');
  process.exit(1);
}
await import(built.href);

#!/usr/bin/env node
// The pkg-admin executable: a launcher for the built tool, present from install on so that npm
// links it before the first build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin/pkg-admin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('pkg-admin is not built yet: run `npm run build` at the repository root.\n');
  process.exit(1);
}
await import(built.href);

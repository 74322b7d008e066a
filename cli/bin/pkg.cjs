#!/usr/bin/env node
// The pkg executable: a launcher for the bundled CLI, present from install on so that npm links
// it before the first build. CommonJS, like the bundle it requires: an ES-module launcher made
// every command line start node's ES-module loader first, about 7 ms of CPU before any work
// (docs/performance.md, "Install from the lock, fifth pass").
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const built = path.join(__dirname, '..', 'dist', 'pkg.js');
if (!existsSync(built)) {
  process.stderr.write('pkg is not built yet: run `npm run build` at the repository root.\n');
  process.exit(1);
}
require(built);

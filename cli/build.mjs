// Bundles the CLI into one ESM file (dist/pkg.js) so that it starts fast: no module
// resolution across node_modules at start-up.
import { build } from 'esbuild';
import { readFileSync, chmodSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/pkg.js',
  bundle: true,
  platform: 'node',
  conditions: ['@pkg/source'],
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  define: { PKG_CLI_VERSION: JSON.stringify(pkg.version) },
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __pkgCreateRequire } from 'node:module';",
      'const require = __pkgCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  logLevel: 'warning',
});
chmodSync('dist/pkg.js', 0o755);

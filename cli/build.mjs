// Bundles the CLI into ESM (entry dist/pkg.js) so that it starts fast: no module resolution
// across node_modules at start-up. Code splitting keeps dynamic imports (the data SDK, its
// providers, the MCP SDK) in separate chunks under dist/chunks/, loaded only by the commands
// that use them. Chunks are content-hashed and minified (less to parse at start-up); chunks of
// earlier builds are removed after a build (a rebuild with the same sources keeps the same names).
import { build } from 'esbuild';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// zod re-exports its 60-odd message locales as `z.locales`; nothing here uses them, and they
// were half of zod's bundled size (parsed on every start). Keep only English, its default.
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)
        ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

const result = await build({
  entryPoints: ['src/bin.ts'],
  metafile: true,
  minify: true,
  plugins: [zodEnglishOnly],
  outdir: 'dist',
  entryNames: 'pkg',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  conditions: ['@pkg/source'],
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  define: {
    PKG_CLI_VERSION: JSON.stringify(pkg.version),
    PKG_DEFAULT_REGISTRY: JSON.stringify(process.env.PKG_DEFAULT_REGISTRY ?? 'http://127.0.0.1:8787'),
  },
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
const current = new Set(Object.keys(result.metafile.outputs).map((file) => path.basename(file)));
for (const file of readdirSync('dist/chunks')) if (!current.has(file)) rmSync(path.join('dist/chunks', file));

// The first module of the sandboxed child of `pkg run` (src/runtime/child-bootstrap.ts): its own
// self-contained file beside the bundle, because the child may read that one file and no other.
await build({
  entryPoints: ['src/runtime/child-bootstrap.ts'],
  outfile: 'dist/child-bootstrap.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});

// Bundles the CLI into five CommonJS files in dist/ (dist/package.json says so), because
// Node 20 loads one CommonJS file markedly faster than an ES-module graph of split chunks (its
// ESM loader resolves, fetches and links every chunk asynchronously: about 25 ms of a
// `pkg install`, see the install bench):
//   dist/pkg.js   the executable: answers `pkg --version`, else loads dist/cli.js through V8's
//                 code cache (src/code-cache.ts);
//   dist/cli.js   main.ts and every command; a command's modules are evaluated on first use;
//   dist/install.js  install-main.ts: `pkg install` alone (what an install runs, and no other
//                 command's code to read, hash and deserialize);
//   dist/data.js  the data SDK (data commands, setup, mcp --data), its tool server evaluated on use;
//   dist/mcp.js   the MCP SDK's server side (mcp).
// Minified (less to parse at start-up), no module resolution across node_modules at run time.
import { build } from 'esbuild';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

// fetch-blob (under node-fetch) falls back to web-streams-polyfill only where
// globalThis.ReadableStream is missing: never on Node 20+. Leave the 60 KB polyfill out of the
// bundle (it was compiled on every registry command) and fail loudly should it ever be reached.
const noStreamsPolyfill = {
  name: 'no-web-streams-polyfill',
  setup(b) {
    b.onResolve({ filter: /^web-streams-polyfill(\/|$)/ }, (args) => ({
      path: args.path,
      namespace: 'no-polyfill',
    }));
    b.onLoad({ filter: /.*/, namespace: 'no-polyfill' }, () => ({
      contents: 'throw new Error("web streams are missing: pkg needs Node.js 20.19 or later");',
      loader: 'js',
    }));
  },
};

const bundleLoader = fileURLToPath(new URL('./src/bundle-loader.ts', import.meta.url));

/**
 * Serves `specifiers` (as imported anywhere) from another bundle of dist/ at run time. The import
 * becomes a one-line module requiring `./<bundle>` through the code cache (src/bundle-loader.ts):
 * a dynamic import() of it is then a plain require when reached, not a trip through the ES-module
 * loader (which would lex the whole bundle for its export names first).
 */
const toBundle = (bundle, specifiers) => ({
  name: `bundle-${bundle}`,
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.namespace === 'bundle') return undefined; // the loader, bundled
      const match = specifiers.some((s) => (typeof s === 'string' ? args.path === s : s(args)));
      return match ? { path: bundle, namespace: 'bundle' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'bundle' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(bundleLoader)}).requireBundle(${JSON.stringify(args.path)});`,
      resolveDir: path.dirname(bundleLoader),
      loader: 'js',
    }));
  },
});

/**
 * The SDK's tool server (createDataMcpServer: the MCP SDK's McpServer, its protocol schemas and
 * JSON-schema validator) is evaluated when `pkg mcp --data` first calls it, not by every data
 * command that loads dist/data.js: its import from the SDK's entry becomes a function that
 * require()s the module, which esbuild then wraps to run on that first require.
 */
const lazyDataMcpServer = {
  name: 'lazy-data-mcp-server',
  setup(b) {
    b.onResolve({ filter: /\/create-data-mcp-server\.js$/ }, (args) =>
      args.namespace === 'file' && path.basename(args.importer) === 'data.ts'
        ? { path: args.path, namespace: 'lazy-mcp', pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-mcp' }, (args) => ({
      contents: `export const createDataMcpServer = (...args) => require(${JSON.stringify(args.path)}).createDataMcpServer(...args);`,
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};

/**
 * The guarded fetch (the data SDK's only way to the network) takes two things from undici: its
 * Agent and its fetch. undici's entry evaluates every other part too (the pools, proxy and retry
 * agents, the mock agents, the cache stores, WebSocket, EventSource): the largest part of loading
 * the data SDK. Its import is served by the two modules themselves; the build fails should undici
 * move them.
 */
const undiciAgentAndFetch = {
  name: 'undici-agent-and-fetch',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      path.basename(args.importer) === 'guarded-fetch.ts'
        ? { path: args.path, namespace: 'undici-parts', pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'undici-parts' }, (args) => ({
      contents: [
        "exports.Agent = require('undici/lib/dispatcher/agent.js');",
        "exports.fetch = require('undici/lib/web/fetch/index.js').fetch;",
      ].join('\n'),
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};

/**
 * Two built-in modules that a library loads at start-up but calls only on paths a command of the
 * CLI never takes: commander's node:child_process (for executable subcommands) and minizlib's
 * node:assert (under tar's parser, which here reads tar bytes already gunzipped). Each is required
 * when first called instead: loading them was about 2 ms of every `pkg install` (the assert
 * module and its helpers, child_process with dgram and the socket list; docs/performance.md,
 * "Install from the lock, third pass: the client's start").
 */
const LAZY_BUILTINS = [
  {
    importer: `${path.sep}node_modules${path.sep}commander${path.sep}`,
    builtin: 'child_process',
    contents: "exports.spawn = (...args) => require('node:child_process').spawn(...args);",
  },
  {
    importer: `${path.sep}node_modules${path.sep}minizlib${path.sep}`,
    builtin: 'assert',
    contents: "module.exports = (...args) => require('node:assert')(...args);",
  },
];
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(child_process|assert)$/ }, (args) => {
      if (args.namespace === 'lazy-builtin') return { path: args.path, external: true }; // the real one
      const builtin = args.path.replace(/^node:/, '');
      const lazy = LAZY_BUILTINS.find((l) => l.builtin === builtin && args.importer.includes(l.importer));
      return lazy
        ? { path: `${lazy.builtin}:${lazy.importer}`, namespace: 'lazy-builtin', pluginData: lazy }
        : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: args.pluginData.contents,
      loader: 'js',
    }));
  },
};

/**
 * Ajv (its core, the 2020-12 vocabularies, the code generator) is evaluated when the JSON Schema
 * check of @pkg/shared creates its instance, not when the package validator loads: an install of a
 * package whose tool schemas this build has checked before (src/install/checked-schemas.ts) creates
 * none (docs/performance.md, "Install from the lock, fourth pass: a startup snapshot, and the
 * schemas checked once").
 */
const lazyAjv = {
  name: 'lazy-ajv',
  setup(b) {
    b.onResolve({ filter: /^ajv\/dist\/2020\.js$/ }, (args) =>
      path.basename(args.importer) === 'json-schema.ts'
        ? { path: args.path, namespace: 'lazy-ajv', pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-ajv' }, (args) => ({
      contents: `Object.defineProperty(exports, 'Ajv2020', { enumerable: true, get: () => require(${JSON.stringify(args.path)}).Ajv2020 });`,
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  minify: true,
  platform: 'node',
  conditions: ['@pkg/source'],
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    PKG_CLI_VERSION: JSON.stringify(pkg.version),
    PKG_DEFAULT_REGISTRY: JSON.stringify(process.env.PKG_DEFAULT_REGISTRY ?? 'http://127.0.0.1:8787'),
    'import.meta.url': '__pkgImportMetaUrl',
  },
  banner: { js: 'var __pkgImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
};

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
writeFileSync('dist/package.json', `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
const mcpImports = [
  '@modelcontextprotocol/sdk/server/stdio.js',
  '@modelcontextprotocol/sdk/server/index.js',
  '@modelcontextprotocol/sdk/types.js',
];
// The whole CLI (dist/cli.js) and the install command alone (dist/install.js) bundle alike: the data
// SDK and the MCP server stay bundles of their own, loaded when a command needs them.
const commandPlugins = [
  zodEnglishOnly,
  lazyBuiltins,
  lazyAjv,
  noStreamsPolyfill,
  toBundle('data.js', ['@pkg/shared/data']),
  toBundle('mcp.js', mcpImports),
];
await Promise.all([
  build({
    ...common,
    entryPoints: ['src/bin.ts'],
    outfile: 'dist/pkg.js',
    banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
  }),
  build({
    ...common,
    entryPoints: ['src/main.ts'],
    outfile: 'dist/cli.js',
    plugins: commandPlugins,
  }),
  build({
    ...common,
    entryPoints: ['src/install-main.ts'],
    outfile: 'dist/install.js',
    plugins: commandPlugins,
  }),
  build({
    ...common,
    entryPoints: ['src/data-bundle.ts'],
    outfile: 'dist/data.js',
    plugins: [zodEnglishOnly, lazyDataMcpServer, undiciAgentAndFetch],
  }),
  build({
    ...common,
    entryPoints: ['src/mcp-bundle.ts'],
    outfile: 'dist/mcp.js',
    plugins: [zodEnglishOnly],
  }),
]);
chmodSync('dist/pkg.js', 0o755);

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

// The startup-snapshot probe of docs/performance.md, "Install from the lock, fourth pass": bundles
// the install program with every module an install imports once its requests have left into one
// CommonJS file (build.mjs's settings; node:http served through a proxy that requires it at first
// use, since Node 20's snapshot builder cannot evaluate it), builds a V8 startup snapshot of it
// with this node, and prints how to run an install from it. Not part of the build: the snapshot
// was measured and not kept. Run after `npm run build` (the blob's main finds dist/ beside it):
//   node test/bench/install-snapshot-probe.mjs <out dir> [--eager]
//   node --snapshot-blob <out dir>/install.blob install        (in a project with pkg-lock.json)
// --eager compiles every function of the bundle in the builder (`--no-lazy` around the bundle's
// compilation only, so that the blob loads without the flag).
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('../..', import.meta.url));
const out = path.resolve(process.argv[2] ?? 'install-snapshot');
const eager = process.argv.includes('--eager');
mkdirSync(out, { recursive: true });

// The entry: the install program, the lazily imported modules made static, a main that reads
// argv, the environment and the working directory when the blob starts.
const entry = `
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import './commands/install.js';
import './install/checks.js';
import './install/permissions.js';
import './trust/verified-entry.js';
import './trust/check-install.js';
import './lib/agents/sync-links.js';
import './lib/registry/answer-schemas.js';
import { main } from './install-main.js';
declare let __pkgImportMetaUrl: string;
v8.startupSnapshot.setDeserializeMainFunction(() => {
  process.on('SIGUSR1', () => undefined);
  v8.setFlagsFromString('--liftoff-only');
  v8.setFlagsFromString('--semi-space-growth-factor=16');
  const dist = ${JSON.stringify(path.join(cli, 'dist'))};
  __pkgImportMetaUrl = pathToFileURL(path.join(dist, 'install.js')).href;
  process.argv.splice(1, 0, path.join(dist, 'pkg.js'));
  void main(process.argv);
});
`;

const lazyHttp = {
  name: 'snapshot-lazy-http',
  setup(b) {
    b.onResolve({ filter: /^(node:)?https?$/ }, (args) =>
      args.namespace === 'snapshot-lazy'
        ? { path: args.path, external: true }
        : { path: args.path.replace(/^node:/, ''), namespace: 'snapshot-lazy' },
    );
    b.onLoad({ filter: /.*/, namespace: 'snapshot-lazy' }, (args) => ({
      contents: `let m; module.exports = new Proxy({}, { get: (_, k) => k === '__esModule' ? undefined : (m ??= require('node:${args.path}'))[k] });`,
      loader: 'js',
    }));
  },
};

const bundle = path.join(out, 'install-snapshot.js');
await build({
  stdin: {
    contents: entry,
    loader: 'ts',
    resolveDir: path.join(cli, 'src'),
    sourcefile: 'install-snapshot.ts',
  },
  absWorkingDir: cli,
  bundle: true,
  minify: true,
  platform: 'node',
  conditions: ['@pkg/source'],
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    PKG_CLI_VERSION: JSON.stringify('probe'),
    PKG_DEFAULT_REGISTRY: JSON.stringify('http://127.0.0.1:8787'),
    'import.meta.url': '__pkgImportMetaUrl',
  },
  banner: { js: 'var __pkgImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [lazyHttp],
  outfile: bundle,
});

// The builder: the bundle run as a CommonJS module (the builder's require loads built-ins only).
const builder = path.join(out, 'builder.js');
writeFileSync(
  builder,
  `const fs = require('node:fs'), vm = require('node:vm'), v8 = require('node:v8');
const file = ${JSON.stringify(bundle)};
const source = fs.readFileSync(file, 'utf8');
${eager ? "v8.setFlagsFromString('--no-lazy');" : ''}
const script = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + source + '\\n})', { filename: file });
${eager ? "v8.setFlagsFromString('--lazy');" : ''}
const module = { exports: {} };
script.runInThisContext().call(module.exports, module.exports, require, module, file, ${JSON.stringify(out)});
`,
);
const blob = path.join(out, 'install.blob');
execFileSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', builder], { stdio: 'inherit' });
console.log(`${blob}: ${(statSync(blob).size / 1e6).toFixed(1)} MB (node ${process.version})`);
console.log(`run: node --snapshot-blob ${blob} install`);

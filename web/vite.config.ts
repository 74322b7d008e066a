// The SPA build: TanStack Router's file-based routes, React, output in web/dist. The build refuses
// the Node side of @pkg/shared (the data SDK, the Node index): build/refuse-data-sdk.ts.
// `vite build --ssr src/entry-server.tsx` builds the package page's server render (web/dist-ssr/:
// docs/performance.md, "The package page rendered by the server"): the same modules, every
// dependency bundled in (the server loads one file) and React's production build.
// The SPA's scripts, stylesheet and other text files get a gzip twin beside them (`x.js.gz`, level
// 9), which the server sends as it is to a client that accepts gzip (docs/performance.md, "The
// package page, second pass: files sent as built").
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { refuseDataSdk } from './build/refuse-data-sdk.js';

/** The built files sent precompressed: text, not the source maps (fetched by a debugger alone). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    refuseDataSdk(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    ...(isSsrBuild
      ? []
      : [compression({ include: PRECOMPRESSED, algorithms: ['gzip'], logLevel: 'silent' })]),
  ],
  resolve: { conditions: ['@pkg/source', 'module', 'browser', 'development|production'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  ...(isSsrBuild && {
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, resolve: { conditions: ['@pkg/source', 'module', 'node', 'production'] } },
  }),
  server: { proxy: { '/trpc': 'http://127.0.0.1:8787' } },
}));

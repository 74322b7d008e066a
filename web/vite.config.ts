// The SPA build: TanStack Router's file-based routes, React, output in web/dist. The build refuses
// the Node side of @pkg/shared (the data SDK, the Node index): build/refuse-data-sdk.ts.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { refuseDataSdk } from './build/refuse-data-sdk.js';

export default defineConfig({
  plugins: [refuseDataSdk(), tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: { conditions: ['@pkg/source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/trpc': 'http://127.0.0.1:8787' } },
});

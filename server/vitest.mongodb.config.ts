// The server's suites against a real MongoDB (.github/workflows/server-mongodb.yml):
//   MONGODB_URI=mongodb://127.0.0.1:27017 npx vitest run --config vitest.mongodb.config.ts
// Every suite runs, each test server on a fresh database of its own (test/helpers/
// fresh-database.ts), except the suites about the embedded store itself, listed here.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Suites that need the embedded store: its files, its process and lock, or a store they can stop. */
const EMBEDDED_ONLY = [
  'src/db/embedded/**',
  'test/store/blobs.test.ts',
  'test/store/durability.test.ts',
  'test/store/unjournaled-writes.test.ts',
  'test/store/store-commands.test.ts',
  'test/store/publish-paths.test.ts',
  'test/store/in-process-crash.test.ts',
  'test/store/lock.test.ts',
  'test/process/server-process.test.ts',
  'test/process/publish-durability.test.ts',
  'test/process/store-outage.test.ts',
  'test/process/download-counts-outage.test.ts',
  'test/admin/pkg-admin.test.ts',
  'test/admin/with-server.test.ts',
  'test/rest/outage.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      name: 'server-mongodb',
      exclude: [...configDefaults.exclude, ...EMBEDDED_ONLY],
      globalSetup: ['test/helpers/require-mongodb.ts'],
    },
  }),
);

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@pkg/source'] },
  ssr: { resolve: { conditions: ['@pkg/source'] } },
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Builds cli/dist/pkg.js once: the command tests run the built CLI.
    globalSetup: ['test/global-setup.ts'],
  },
});

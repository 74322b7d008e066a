import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@pkg/source'] },
  ssr: { resolve: { conditions: ['@pkg/source'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

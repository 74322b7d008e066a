// Vitest projects: one per workspace, each with its own vitest.config.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'server', 'cli', 'web'],
  },
});

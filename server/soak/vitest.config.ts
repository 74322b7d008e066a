// The soak's own vitest run (docs/operator.md, "Soak"): `npm run soak -- --minutes N`. Not part
// of `npm test` (whose include is src/ and test/). The arguments after `--` are read here, in
// the runner's process, and handed to the soak through its environment.
import { parseArgs } from 'node:util';
import { defineConfig } from 'vitest/config';
import { z } from 'zod';

const separator = process.argv.indexOf('--');
const { values } = parseArgs({
  args: separator < 0 ? [] : process.argv.slice(separator + 1),
  options: { minutes: { type: 'string', default: '10' } },
  strict: true,
});
const minutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 60)
  .parse(values.minutes);

export default defineConfig({
  resolve: { conditions: ['@pkg/source'] },
  ssr: { resolve: { conditions: ['@pkg/source'] } },
  test: {
    name: 'soak',
    include: ['soak/**/*.soak.ts'],
    environment: 'node',
    env: { SOAK_MINUTES: String(minutes) },
    testTimeout: (minutes + 10) * 60_000,
    hookTimeout: 120_000,
    disableConsoleIntercept: true,
    reporters: ['default'],
  },
});

// The layers are a rule the linter enforces (docs/architecture.md): a deliberate crossing in each
// direction, linted with the repository's own eslint.config.js as if it sat in that layer, is an
// error of the boundary rules; the same file without the crossing is clean.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// Type-aware rules need files of a TypeScript project; the boundary rules need none.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
    .map((m) => m.message);
}

describe.each([
  ['shared knows no server', 'shared/src/data/x.ts', "import { appRouter } from '@pkg/server';"],
  ['shared knows no CLI', 'shared/src/package/x.ts', "import '../../../cli/src/main.js';"],
  [
    'REST never touches the database',
    'server/src/rest/x.ts',
    "import { createModels } from '../db/models/index.js';",
  ],
  ['REST never touches mongoose', 'server/src/rest/x.ts', "import mongoose from 'mongoose';"],
  ['services know no Express', 'server/src/services/x.ts', "import type { Response } from 'express';"],
  ['services know no node:http', 'server/src/services/x.ts', "import http from 'node:http';"],
  [
    'services know no REST module',
    'server/src/services/x.ts',
    "import { anonymousCors } from '../rest/cors.js';",
  ],
  [
    'the tRPC contract imports no REST module',
    'server/src/trpc/routers/x.ts',
    "import { authRoutes } from '../../rest/auth.js';",
  ],
  ['the CLI imports no server value', 'cli/src/lib/x.ts', "import { createApp } from '@pkg/server';"],
  [
    'the CLI imports the router type only as a type',
    'cli/src/lib/x.ts',
    "import { AppRouter } from '@pkg/server/router';",
  ],
  ['the website imports no server value', 'web/src/lib/x.ts', "import { appRouter } from '@pkg/server';"],
  [
    'tests reach other workspaces through their test helpers',
    'cli/test/e2e/x.test.ts',
    "import { startTestServer } from '../../../server/test/helpers/start-test-server.js';",
  ],
])('%s', (_rule, file, crossing) => {
  test('the crossing is a lint error', async () => {
    expect(await boundaryErrors(file, `${crossing}\n`)).toHaveLength(1);
  });
  test('the file without it is clean', async () => {
    expect(await boundaryErrors(file, 'export const x = 1;\n')).toEqual([]);
  });
});

test('what the layers allow passes: the router type in the CLI, services and procedures in REST', async () => {
  expect(
    await boundaryErrors('cli/src/lib/x.ts', "import type { AppRouter } from '@pkg/server/router';\n"),
  ).toEqual([]);
  expect(
    await boundaryErrors(
      'cli/test/e2e/x.test.ts',
      "import { startTestServer } from '@pkg/server/testing';\n",
    ),
  ).toEqual([]);
  expect(
    await boundaryErrors(
      'server/src/rest/x.ts',
      "import { resolveDownload } from '../services/registry/download-service.js';\n",
    ),
  ).toEqual([]);
});

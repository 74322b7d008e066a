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
    'the contract knows no server either',
    'shared/src/contract/x.ts',
    "import { appRouter } from '@pkg/server';",
  ],
  [
    'the contract imports nothing of the data SDK',
    'shared/src/contract/x.ts',
    "import { createDataClient } from '../data/client.js';",
  ],
  [
    'the /v1 shapes import nothing of the data SDK',
    'shared/src/contract/v1/x.ts',
    "import type { ProviderDescriptor } from '../../data/providers/provider-types.js';",
  ],
  [
    "the contract's schemas outside contract/ import nothing of the data SDK",
    'shared/src/schemas/api/x.ts',
    "import { PROVIDERS } from '../../data.js';",
  ],
  ['the contract imports no Node built-in', 'shared/src/contract/x.ts', "import { lookup } from 'node:dns';"],
  ['the contract imports no bare Node built-in', 'shared/src/contract/v1/x.ts', "import path from 'path';"],
  [
    'the website imports no data SDK',
    'web/src/lib/x.ts',
    "import { createDataClient } from '@pkg/shared/data';",
  ],
  [
    "the website imports not shared's Node index",
    'web/src/lib/x.ts',
    "import { scaffold } from '@pkg/shared';",
  ],
  [
    "the website imports not shared's Node index, even for a type",
    'web/src/lib/x.ts',
    "import type { CreatedToken } from '@pkg/shared';",
  ],
  [
    'the website reaches no SDK file by a relative path',
    'web/src/components/data/x.tsx',
    "import { PROVIDERS } from '../../../../shared/src/data/providers/provider-table.js';",
  ],
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

test('what the contract allows passes: the SDK imports the contract, the website imports it', async () => {
  expect(
    await boundaryErrors(
      'shared/src/data/routing/x.ts',
      "import type { Result } from '../../contract/result-schema.js';\n",
    ),
  ).toEqual([]);
  expect(
    await boundaryErrors(
      'shared/src/contract/v1/x.ts',
      "import { z } from 'zod';\nimport { NETWORK_PATTERN } from '../../schemas/patterns.js';\nimport { sectionSchema } from './sections.js';\n",
    ),
  ).toEqual([]);
  expect(
    await boundaryErrors(
      'web/src/lib/x.ts',
      "import { providerName } from '@pkg/shared/contract';\nimport { REGISTRY_ERRORS } from '@pkg/shared/errors';\n",
    ),
  ).toEqual([]);
});

// The SPA build's guard (web/build/refuse-data-sdk.ts): a tiny entry that reaches the Node side of
// @pkg/shared in any way (the SDK's entry, the Node index, a relative path, a dynamic import, a
// helper in between, another plugin's resolution) fails to build with the guard's message; the
// same entry importing the browser-safe contract builds. The entries are written inside web/ (in
// the git-ignored test-results/) so that @pkg/shared resolves as it does for the SPA.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, test } from 'vitest';
import { REFUSAL, refuseDataSdk } from '../../build/refuse-data-sdk.js';

const webRoot = path.resolve(import.meta.dirname, '../..');
const sdkFile = path.resolve(webRoot, '../shared/src/data/providers/provider-table.ts');
mkdirSync(path.join(webRoot, 'test-results'), { recursive: true });
const dir = mkdtempSync(path.join(webRoot, 'test-results', 'refuse-data-sdk-'));
let entries = 0;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Builds `code` as the entry (a library build, nothing written) with the guard and `plugins`. */
async function buildEntry(code: string, plugins: Plugin[] = []): Promise<string> {
  const entry = path.join(dir, `entry-${++entries}.ts`);
  writeFileSync(entry, code);
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [...plugins, refuseDataSdk()],
    resolve: { conditions: ['@pkg/source', 'module', 'browser', 'development|production'] },
    build: { write: false, lib: { entry, formats: ['es'], fileName: 'entry' } },
  });
  return entry;
}

/** Another plugin, before the guard, that resolves a name of its own to a file of the SDK. */
const sideResolver: Plugin = {
  name: 'test:side-resolver',
  enforce: 'pre',
  resolveId: (source) => (source === 'virtual:providers' ? sdkFile : null),
};

const relativeSdk = path.relative(dir, sdkFile).split(path.sep).join('/').replace(/\.ts$/, '.js');
writeFileSync(path.join(dir, 'helper.ts'), "export { PROVIDERS } from '@pkg/shared/data';\n");

describe.each([
  ["the SDK's entry", "import { PROVIDERS } from '@pkg/shared/data';\nconsole.log(PROVIDERS);\n", []],
  ["shared's Node index", "import { scaffold } from '@pkg/shared';\nconsole.log(scaffold);\n", []],
  [
    'a file of the SDK by a relative path',
    `import { PROVIDERS } from '${relativeSdk}';\nconsole.log(PROVIDERS);\n`,
    [],
  ],
  ['a dynamic import of the SDK', "void import('@pkg/shared/data').then(console.log);\n", []],
  ['a helper in between', "import { PROVIDERS } from './helper.js';\nconsole.log(PROVIDERS);\n", []],
  [
    "another plugin's resolution to a file of the SDK",
    "import { PROVIDERS } from 'virtual:providers';\nconsole.log(PROVIDERS);\n",
    [sideResolver],
  ],
] as [string, string, Plugin[]][])('%s', (_form, code, plugins) => {
  test("the build fails with the guard's message", async () => {
    await expect(buildEntry(code, plugins)).rejects.toThrow(REFUSAL);
  });
});

test('an import of the SDK names its importer and the way out', async () => {
  const error = await buildEntry(
    "import { PROVIDERS } from '@pkg/shared/data';\nconsole.log(PROVIDERS);\n",
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/entry-\d+\.ts imports @pkg\/shared\/data/);
  expect((error as Error).message).toContain('@pkg/shared/contract');
});

test('the browser-safe contract and the error table build', async () => {
  await expect(
    buildEntry(
      "import { providerName, resultSchema } from '@pkg/shared/contract';\n" +
        "import { REGISTRY_ERRORS } from '@pkg/shared/errors';\n" +
        "console.log(providerName('geckoterminal'), resultSchema, REGISTRY_ERRORS);\n",
    ),
  ).resolves.toMatch(/entry-\d+\.ts$/);
});

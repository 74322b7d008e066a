// Each layer rule of .dependency-cruiser.cjs (docs/architecture.md, "The rules") fails on a tree
// that breaks it: for every rule, a small tree with the forbidden import (through intermediate
// files where the rule is about reaching) is written to a temporary directory and cruised with
// the same configuration, and the rule must report it with the chain of files. The planted
// imports include the side doors found from outside: a REST adapter reaching the models through
// cache/, middleware importing a REST module, a service importing the embedded store and back,
// the SPA importing the data SDK, and a client importing the server's logger by a relative path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const { views } = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  views: { main: IConfiguration; through: IConfiguration };
};

interface Fixture {
  view: 'main' | 'through';
  /** Path → source; imports are relative, as in the tree. */
  files: Record<string, string>;
  /** The chain the rule must name: from, the files between, to. */
  chain: string[];
}

const exporting = (...imports: string[]) =>
  `${imports.map((i) => `import ${JSON.stringify(i)};`).join('\n')}\nexport const x = 1;\n`;

const FIXTURES: Record<string, Fixture> = {
  'shared-knows-no-app': {
    view: 'main',
    files: {
      'shared/src/schemas/x.ts': exporting('../../../server/src/logger.js'),
      'server/src/logger.ts': exporting(),
    },
    chain: ['shared/src/schemas/x.ts', 'server/src/logger.ts'],
  },
  'contract-is-browser-safe': {
    view: 'main',
    files: {
      'shared/src/contract/section.ts': exporting('./names.js'),
      'shared/src/contract/names.ts': exporting('../data/providers/x.js'),
      'shared/src/data/providers/x.ts': exporting(),
    },
    chain: [
      'shared/src/contract/section.ts',
      'shared/src/contract/names.ts',
      'shared/src/data/providers/x.ts',
    ],
  },
  'contract-core-stays-narrow': {
    view: 'main',
    files: {
      'shared/src/contract/core.ts': exporting('../schemas/names.js'),
      'shared/src/schemas/names.ts': exporting('./api/packages.js'),
      'shared/src/schemas/api/packages.ts': exporting(),
    },
    chain: [
      'shared/src/contract/core.ts',
      'shared/src/schemas/names.ts',
      'shared/src/schemas/api/packages.ts',
    ],
  },
  'install-entries-stay-narrow': {
    view: 'main',
    files: {
      'shared/src/package/index.ts': exporting('./validate-archive.js'),
      'shared/src/package/validate-archive.ts': exporting('../contract/index.js'),
      'shared/src/contract/index.ts': exporting(),
    },
    chain: [
      'shared/src/package/index.ts',
      'shared/src/package/validate-archive.ts',
      'shared/src/contract/index.ts',
    ],
  },
  'spa-no-data-sdk': {
    view: 'main',
    files: {
      'web/src/routes/token.tsx': exporting('../lib/format.js'),
      'web/src/lib/format.ts': exporting('../../../shared/src/data/client.js'),
      'shared/src/data/client.ts': exporting(),
    },
    chain: ['web/src/routes/token.tsx', 'web/src/lib/format.ts', 'shared/src/data/client.ts'],
  },
  'server-knows-no-web-source': {
    view: 'main',
    files: {
      'server/src/spa/page-render.ts': exporting('./markdown.js'),
      'server/src/spa/markdown.ts': exporting('../../../web/src/components/safe-markdown.js'),
      'web/src/components/safe-markdown.ts': exporting(),
    },
    chain: [
      'server/src/spa/page-render.ts',
      'server/src/spa/markdown.ts',
      'web/src/components/safe-markdown.ts',
    ],
  },
  'clients-import-router-type-only': {
    view: 'main',
    files: {
      'cli/src/commands/x.ts': exporting('../../../server/src/logger.js'),
      'server/src/logger.ts': exporting(),
    },
    chain: ['cli/src/commands/x.ts', 'server/src/logger.ts'],
  },
  'clients-router-as-type': {
    view: 'main',
    files: {
      'web/src/lib/trpc.ts': exporting('../../../server/src/router.js'),
      'server/src/router.ts': exporting(),
    },
    chain: ['web/src/lib/trpc.ts', 'server/src/router.ts'],
  },
  'services-know-no-http': {
    view: 'main',
    files: {
      'server/src/services/registry/publish.ts': exporting('../../request-fields.js'),
      'server/src/request-fields.ts': exporting('./middleware/request-id.js'),
      'server/src/middleware/request-id.ts': exporting(),
    },
    chain: [
      'server/src/services/registry/publish.ts',
      'server/src/request-fields.ts',
      'server/src/middleware/request-id.ts',
    ],
  },
  'services-know-no-embedded-store': {
    view: 'main',
    files: {
      'server/src/services/registry/x.ts': exporting('../../db/embedded/server.js'),
      'server/src/db/embedded/server.ts': exporting(),
    },
    chain: ['server/src/services/registry/x.ts', 'server/src/db/embedded/server.ts'],
  },
  'embedded-store-knows-no-app': {
    view: 'main',
    files: {
      'server/src/db/embedded/commands.ts': exporting('../../services/registry/tokens.js'),
      'server/src/services/registry/tokens.ts': exporting(),
    },
    chain: ['server/src/db/embedded/commands.ts', 'server/src/services/registry/tokens.ts'],
  },
  'middleware-knows-no-rest': {
    view: 'main',
    files: {
      'server/src/middleware/error-handler.ts': exporting('../rest/negotiate.js'),
      'server/src/rest/negotiate.ts': exporting(),
    },
    chain: ['server/src/middleware/error-handler.ts', 'server/src/rest/negotiate.ts'],
  },
  'trpc-knows-no-rest': {
    view: 'main',
    files: {
      'server/src/trpc/routers/packages.ts': exporting('../../rest/caller.js'),
      'server/src/rest/caller.ts': exporting(),
    },
    chain: ['server/src/trpc/routers/packages.ts', 'server/src/rest/caller.ts'],
  },
  'infra-knows-no-domain': {
    view: 'main',
    files: {
      'server/src/infra/telegram/bot-api.ts': exporting('../../services/bots/types.js'),
      'server/src/services/bots/types.ts': exporting(),
    },
    chain: ['server/src/infra/telegram/bot-api.ts', 'server/src/services/bots/types.ts'],
  },
  'errors-know-no-data': {
    view: 'main',
    files: {
      'server/src/errors/storage-failure.ts': exporting('../db/connect.js'),
      'server/src/db/connect.ts': exporting(),
    },
    chain: ['server/src/errors/storage-failure.ts', 'server/src/db/connect.ts'],
  },
  'registry-wing-alone': {
    view: 'main',
    files: {
      'server/src/services/registry/publish.ts': exporting('../website/index.js'),
      'server/src/services/website/index.ts': exporting(),
    },
    chain: ['server/src/services/registry/publish.ts', 'server/src/services/website/index.ts'],
  },
  'website-wing-knows-no-bots': {
    view: 'main',
    files: {
      'server/src/services/website/token.ts': exporting('../../config.js'),
      'server/src/config.ts': exporting('./services/bots/commands/command-table.js'),
      'server/src/services/bots/commands/command-table.ts': exporting(),
    },
    chain: [
      'server/src/services/website/token.ts',
      'server/src/config.ts',
      'server/src/services/bots/commands/command-table.ts',
    ],
  },
  'bots-through-website-entry': {
    view: 'main',
    files: {
      'server/src/services/bots/commands/coin.ts': exporting('../../website/token.js'),
      'server/src/services/website/token.ts': exporting(),
    },
    chain: ['server/src/services/bots/commands/coin.ts', 'server/src/services/website/token.ts'],
  },
  'services-take-narrow-deps': {
    view: 'main',
    files: {
      'server/src/services/website/token.ts':
        'import type { AppDeps } from "../../deps.js";\nexport type X = AppDeps;\n',
      'server/src/deps.ts': 'export interface AppDeps { x: number }\n',
    },
    chain: ['server/src/services/website/token.ts', 'server/src/deps.ts'],
  },
  'metrics-knows-no-app': {
    view: 'main',
    files: {
      'server/src/metrics/prometheus-metrics.ts': exporting('./labels.js'),
      'server/src/metrics/labels.ts': exporting('../cache/metadata-cache.js'),
      'server/src/cache/metadata-cache.ts': exporting(),
    },
    chain: [
      'server/src/metrics/prometheus-metrics.ts',
      'server/src/metrics/labels.ts',
      'server/src/cache/metadata-cache.ts',
    ],
  },
  'prom-client-in-metrics-only': {
    view: 'main',
    files: { 'server/src/rest/downloads.ts': exporting('prom-client') },
    chain: ['server/src/rest/downloads.ts', 'prom-client'],
  },
  'services-metrics-via-interface': {
    view: 'main',
    files: {
      'server/src/services/registry/publish-service.ts': exporting('../../metrics/prometheus-metrics.js'),
      'server/src/metrics/prometheus-metrics.ts': exporting(),
    },
    chain: ['server/src/services/registry/publish-service.ts', 'server/src/metrics/prometheus-metrics.ts'],
  },
  'child-side-self-contained': {
    view: 'main',
    files: {
      'cli/src/runtime/network-guard.ts': exporting('node:net', '../exit.js'),
      'cli/src/exit.ts': exporting(),
    },
    chain: ['cli/src/runtime/network-guard.ts', 'cli/src/exit.ts'],
  },
  'rest-data-through-procedures': {
    view: 'through',
    files: {
      'server/src/rest/hot-reads.ts': exporting('../cache/package-responses.js'),
      'server/src/cache/package-responses.ts': exporting('./metadata-cache.js'),
      'server/src/cache/metadata-cache.ts': exporting('../db/models/index.js'),
      'server/src/db/models/index.ts': exporting(),
    },
    chain: [
      'server/src/rest/hot-reads.ts',
      'server/src/cache/package-responses.ts',
      'server/src/cache/metadata-cache.ts',
      'server/src/db/models/index.ts',
    ],
  },
  'middleware-knows-no-data': {
    view: 'through',
    files: {
      'server/src/middleware/error-body.ts': exporting('../db/availability.js'),
      'server/src/db/availability.ts': exporting(),
    },
    chain: ['server/src/middleware/error-body.ts', 'server/src/db/availability.ts'],
  },
  'spa-data-through-procedures': {
    view: 'through',
    files: {
      'server/src/spa.ts': exporting('./spa/page-data.js'),
      'server/src/spa/page-data.ts': exporting('../cache/package-responses.js'),
      'server/src/cache/package-responses.ts': exporting(),
    },
    chain: ['server/src/spa.ts', 'server/src/spa/page-data.ts', 'server/src/cache/package-responses.ts'],
  },
  'mcp-data-through-services': {
    view: 'through',
    files: {
      'server/src/mcp/mcp-routes.ts': exporting('../db/availability.js'),
      'server/src/db/availability.ts': exporting(),
    },
    chain: ['server/src/mcp/mcp-routes.ts', 'server/src/db/availability.ts'],
  },
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function cruiseFixture(fixture: Fixture): Promise<ICruiseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pkg-layers-'));
  dirs.push(dir);
  for (const [path, source] of Object.entries(fixture.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const config = views[fixture.view];
  const tops = [...new Set(Object.keys(fixture.files).map((p) => p.split('/')[0] ?? p))];
  const { exclude: _testsExcluded, ...options } = config.options ?? {};
  const result = await cruise(
    tops,
    { ...options, baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } },
    config.options?.enhancedResolveOptions,
  );
  return result.output as ICruiseResult;
}

/** `from → … → to` of each violation of `rule`, as the lint output names it. */
function chains(result: ICruiseResult, rule: string): string[][] {
  return result.summary.violations
    .filter((v) => v.rule.name === rule)
    .map((v) => [v.from, ...(v.via ?? []).map((d) => d.name), v.to])
    .map((chain) => chain.filter((name, i) => chain.indexOf(name) === i));
}

describe('every layer rule fails on a tree that breaks it, naming the chain', () => {
  test('every rule of the configuration has a fixture', () => {
    const names = [...(views.main.forbidden ?? []), ...(views.through.forbidden ?? [])].map((r) => r.name);
    expect(Object.keys(FIXTURES).sort()).toEqual([...names].sort());
  });

  test.each(Object.entries(FIXTURES))('%s', async (rule, fixture) => {
    const result = await cruiseFixture(fixture);
    expect(chains(result, rule)).toContainEqual(fixture.chain);
  });
});

// The layer rules of docs/architecture.md, checked on the import graph by `npm run lint`
// (dependency-cruiser follows imports through every intermediate file and names the chain).
// Each rule has a fixture under server/test/architecture/fixtures/<rule name>/ that breaks it
// (server/test/architecture/layers.test.ts). Type-only imports count: knowing a type is knowing
// the part. Two views of the graph: the default follows everything; `DEPCRUISE_VIEW=through`
// stops at procedures and services, for the rules of the form "reaches data only through them".
// `npm run lint:graph` runs both.
/** @type {import('dependency-cruiser').IConfiguration} */

const SERVER = '^server/src/';
const HTTP = [
  `${SERVER}(rest|middleware|trpc|mcp|spa)/`,
  `${SERVER}(app|http-server|spa|context)\\.ts$`,
  '(^|/)node_modules/(express|@trpc|cors|helmet|compression|raw-body)/',
  '^(express|@trpc/server|cors|helmet|compression)$',
  '^(node:)?(http|https|http2)$',
];
const CHILD_SIDE =
  '^cli/src/runtime/(child-bootstrap|network-guard|network-policy|process-guard|fs-guard|protocol)\\.ts$';

const layers = [
  {
    name: 'shared-knows-no-app',
    comment: 'shared/ knows no server, CLI or website.',
    from: { path: '^shared/src/' },
    to: { path: '^(server|cli|web)/', reachable: true },
  },
  {
    name: 'contract-is-browser-safe',
    comment: "shared's browser-safe contract reaches none of the Node data SDK.",
    from: { path: '^shared/src/(contract/|browser\\.ts$)' },
    to: { path: '^shared/src/(data/|data\\.ts$|index\\.ts$)', reachable: true },
  },
  {
    name: 'contract-core-stays-narrow',
    comment:
      "The contract's core (@pkg/shared/contract/core), loaded before a CLI command's first request, builds no procedure or /v1 shape.",
    from: { path: '^shared/src/contract/core\\.ts$' },
    to: { path: '^shared/src/(schemas/api/|contract/v1/|contract/index\\.ts$)', reachable: true },
  },
  {
    name: 'install-entries-stay-narrow',
    comment:
      "The entries an install loads while the registry answers (@pkg/shared/contract/install, @pkg/shared/package, @pkg/shared/trust) build neither the contract's index nor a /v1 shape, nor the packages procedures' schemas (the version record and the refs have modules of their own).",
    from: { path: '^shared/src/(contract/install|package/index|trust/index)\\.ts$' },
    to: {
      path: '^shared/src/(contract/v1/|contract/index\\.ts$|index\\.ts$|schemas/api/packages\\.ts$)',
      reachable: true,
    },
  },
  {
    name: 'spa-no-data-sdk',
    comment: 'The SPA never reaches the Node data SDK (nor the Node index of @pkg/shared).',
    from: { path: '^web/src/' },
    to: { path: '^shared/src/(data/|data\\.ts$|index\\.ts$)', reachable: true },
  },
  {
    name: 'clients-import-router-type-only',
    comment: "The CLI and the SPA reach nothing of the server but the router's type.",
    from: { path: '^(cli|web)/src/' },
    to: { path: '^server/', pathNot: `${SERVER}router\\.ts$`, reachable: true },
  },
  {
    name: 'clients-router-as-type',
    comment: 'The CLI and the SPA import the router as a type only (import type { AppRouter }).',
    from: { path: '^(cli|web)/src/' },
    to: { path: `${SERVER}router\\.ts$`, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'server-knows-no-web-source',
    comment:
      "The server imports nothing of web/: it loads the SPA's server render as a build output at run time (server/src/spa/page-render.ts).",
    from: { path: '^server/src/' },
    to: { path: '^web/', reachable: true },
  },
  {
    name: 'services-know-no-http',
    comment: 'Services know no HTTP: no Express, no node:http, no tRPC, no REST, middleware or MCP module.',
    from: { path: `${SERVER}services/` },
    to: { path: HTTP, reachable: true },
  },
  {
    name: 'services-know-no-embedded-store',
    comment: 'Services know no embedded store: whether the store is embedded is db/connect.ts’s business.',
    from: { path: `${SERVER}services/` },
    to: { path: `${SERVER}db/embedded/`, reachable: true },
  },
  {
    name: 'embedded-store-knows-no-app',
    comment: 'The embedded store is a database: it knows no service, route, procedure, cache or client.',
    from: { path: `${SERVER}db/embedded/` },
    to: { path: `${SERVER}(services|rest|trpc|middleware|cache|mcp|infra)/`, reachable: true },
  },
  {
    name: 'middleware-knows-no-rest',
    comment: 'Middleware knows no REST module.',
    from: { path: `${SERVER}middleware/` },
    to: { path: `${SERVER}rest/`, reachable: true },
  },
  {
    name: 'trpc-knows-no-rest',
    comment: 'The tRPC contract does not import REST modules.',
    from: { path: `${SERVER}trpc/` },
    to: { path: `${SERVER}rest/`, reachable: true },
  },
  {
    name: 'infra-knows-no-domain',
    comment:
      'Platform clients (Telegram, Discord, the OIDC issuers) know no product: no service, route or store.',
    from: { path: `${SERVER}infra/(telegram|discord|oidc)/` },
    to: { path: `${SERVER}(services|rest|trpc|cache|db|mcp)/`, reachable: true },
  },
  {
    name: 'errors-know-no-data',
    comment: 'The server’s error mapping (errors/) knows no database, cache, service or route.',
    from: { path: `${SERVER}errors/` },
    to: { path: `${SERVER}(db|cache|services|rest|middleware|trpc|mcp)/`, reachable: true },
  },
  {
    name: 'registry-wing-alone',
    comment: 'The registry wing knows neither the website wing nor the bots.',
    from: { path: `${SERVER}services/registry/` },
    to: { path: `${SERVER}services/(website|bots)/`, reachable: true },
  },
  {
    name: 'website-wing-knows-no-bots',
    comment: 'The website wing knows nothing of the bots.',
    from: { path: `${SERVER}services/website/` },
    to: { path: `${SERVER}services/bots/`, reachable: true },
  },
  {
    name: 'bots-through-website-entry',
    comment: 'The bots reach the website wing only through its public entry (services/website/index.ts).',
    from: { path: `${SERVER}services/bots/` },
    to: { path: `${SERVER}services/website/`, pathNot: `${SERVER}services/website/index\\.ts$` },
  },
  {
    name: 'services-take-narrow-deps',
    comment: 'No service imports AppDeps: each wing takes its own narrow deps type (create-deps.ts).',
    from: { path: `${SERVER}services/` },
    to: { path: `${SERVER}deps\\.ts$` },
  },
  {
    name: 'metrics-knows-no-app',
    comment:
      'The metrics (metrics/) know no service, route, procedure, middleware, store or cache: the app records into them.',
    from: { path: `${SERVER}metrics/` },
    to: { path: `${SERVER}(services|rest|trpc|middleware|mcp|db|cache|infra)/`, reachable: true },
  },
  {
    name: 'prom-client-in-metrics-only',
    comment:
      'Only metrics/ imports prom-client: the rest of the server records through the Metrics interface.',
    from: { path: '^(server|shared)/src/', pathNot: `${SERVER}metrics/` },
    to: { path: ['(^|/)node_modules/prom-client/', '^prom-client$'] },
  },
  {
    name: 'services-metrics-via-interface',
    comment:
      'Services reach metrics/ only through its interface (metrics/metrics.ts), never the Prometheus registry.',
    from: { path: `${SERVER}services/` },
    to: { path: `${SERVER}metrics/`, pathNot: `${SERVER}metrics/metrics\\.ts$` },
  },
  {
    name: 'child-side-self-contained',
    comment: "The sandboxed child's bootstrap imports Node's built-ins and the other child-side files only.",
    from: { path: CHILD_SIDE },
    to: { pathNot: [CHILD_SIDE, '^(node:)?[a-z_/]+$'], dependencyTypesNot: ['core'] },
  },
];

const options = {
  tsPreCompilationDeps: true,
  doNotFollow: { path: ['(^|/)node_modules/', `${SERVER}router\\.ts$`] },
  exclude: { path: ['(^|/)dist/', '\\.test\\.ts$', '\\.bench\\.ts$', '(^|/)test/'] },
  enhancedResolveOptions: {
    conditionNames: ['@pkg/source', 'import', 'require', 'node', 'default'],
    exportsFields: ['exports'],
    mainFields: ['module', 'main', 'types'],
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
  },
  reporterOptions: { text: { highlightFocused: false } },
};

const main = { forbidden: layers.map((rule) => ({ severity: 'error', ...rule })), options };

/** Rules that follow the graph only up to procedures and services (see the header). */
const through = {
  forbidden: [
    {
      name: 'rest-data-through-procedures',
      comment: 'REST adapters reach data (db/, cache/) only through procedures or services.',
      from: { path: `${SERVER}rest/` },
      to: { path: `${SERVER}(db|cache)/`, reachable: true },
    },
    {
      name: 'middleware-knows-no-data',
      comment: 'Middleware reaches no data (db/, cache/): storage failures reach it as errors.',
      from: { path: `${SERVER}middleware/` },
      to: { path: `${SERVER}(db|cache)/`, reachable: true },
    },
    {
      name: 'spa-data-through-procedures',
      comment:
        "The SPA's serving (spa.ts, spa/) reaches data only through procedures: a page's inlined data is theirs.",
      from: { path: `${SERVER}(spa\\.ts$|spa/)` },
      to: { path: `${SERVER}(db|cache)/`, reachable: true },
    },
    {
      name: 'mcp-data-through-services',
      comment: 'The MCP routes reach data only through services.',
      from: { path: `${SERVER}mcp/` },
      to: { path: `${SERVER}(db|cache)/`, reachable: true },
    },
  ].map((rule) => ({ severity: 'error', ...rule })),
  options: {
    ...options,
    doNotFollow: {
      // AppDeps (deps.ts) is the composition's type: through it, every part is a type away.
      path: ['(^|/)node_modules/', `${SERVER}(services|trpc)/`, `${SERVER}(router|deps)\\.ts$`],
    },
  },
};

module.exports = process.env.DEPCRUISE_VIEW === 'through' ? through : main;
// Both views, for the test that proves each rule fails on its fixture (not part of the config).
Object.defineProperty(module.exports, 'views', { value: { main, through }, enumerable: false });

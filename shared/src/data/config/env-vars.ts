// The fixed set of variables the data layer reads (docs/data-layer.md, "Configuration"). No other
// variable is ever read from an env file. `secret` values are redacted everywhere; `url` values
// are scanned for keys inside them.
export type EnvVarKind = 'secret' | 'url' | 'setting';

export interface EnvVarSpec {
  name: string;
  kind: EnvVarKind;
  group: string;
  doc: string;
}

const v = (name: string, kind: EnvVarKind, group: string, doc: string): EnvVarSpec => ({
  name,
  kind,
  group,
  doc,
});

export const DATA_ENV_VARS = [
  v(
    'PUBLIC_RPC_URL',
    'url',
    'Official public RPC',
    'On by default; another URL overrides it; `off` disables it.',
  ),
  v('ALCHEMY_API_KEY', 'secret', 'Primary RPC (Alchemy)', 'Alchemy API key for robinhood-mainnet.'),
  v('ALCHEMY_RPC_URL', 'url', 'Primary RPC (Alchemy)', 'Full Alchemy URL; may contain `{key}`.'),
  v('QUICKNODE_RPC_URL', 'url', 'Fallback RPC (QuickNode)', 'Full QuickNode endpoint URL, token inside.'),
  v('EDGE_RPC_URL', 'url', 'Third RPC (Goldsky Edge)', 'Template with `{key}` in the query.'),
  v('EDGE_RPC_KEY', 'secret', 'Third RPC (Goldsky Edge)', 'Edge RPC secret (`gs_edge_...`).'),
  v('BLOCKSCOUT_API_KEY', 'secret', 'Explorer (Blockscout PRO API)', 'PRO API key (`proapi_...`).'),
  v('BLOCKSCOUT_BASE_URL', 'url', 'Explorer (Blockscout PRO API)', 'Instance root with the chain segment.'),
  v('COINGECKO_API_KEY', 'secret', 'Market data', 'CoinGecko demo key (prices work without).'),
  v('COINGECKO_BASE_URL', 'url', 'Market data', 'CoinGecko API base URL override.'),
  v('DEXSCREENER_BASE_URL', 'url', 'Market data', 'DexScreener API base URL override.'),
  v('GECKOTERMINAL_BASE_URL', 'url', 'Market data', 'GeckoTerminal API base URL override.'),
  v('GOPLUS_APP_KEY', 'secret', 'Security flags (GoPlus)', 'Optional app key.'),
  v('GOPLUS_APP_SECRET', 'secret', 'Security flags (GoPlus)', 'Optional app secret.'),
  v('GOPLUS_BASE_URL', 'url', 'Security flags (GoPlus)', 'GoPlus API base URL override.'),
  v(
    'ROBINHOOD_BASE_URL',
    'url',
    'Stock tokens (the issuer)',
    'The issuer API base URL (default https://api.robinhood.com; paths keep /rhj/...).',
  ),
  v('ZERION_API_KEY', 'secret', 'Wallet portfolio (Zerion)', 'Zerion API key.'),
  v('ZERION_BASE_URL', 'url', 'Wallet portfolio (Zerion)', 'Zerion API base URL override.'),
  v('THEGRAPH_API_KEY', 'secret', 'Subgraphs and token API (The Graph)', 'Gateway API key.'),
  v('THEGRAPH_TOKEN_API_JWT', 'secret', 'Subgraphs and token API (The Graph)', 'Token API JWT.'),
  v('THEGRAPH_BASE_URL', 'url', 'Subgraphs and token API (The Graph)', 'Gateway base URL override.'),
  v('OPENROUTER_API_KEY', 'secret', 'AI', 'OpenRouter key (primary AI provider).'),
  v('OPENROUTER_BASE_URL', 'url', 'AI', 'OpenRouter base URL override.'),
  v('GEMINI_API_KEY', 'secret', 'AI', 'Google Gemini key (secondary AI provider).'),
  v('GEMINI_BASE_URL', 'url', 'AI', 'Gemini base URL override.'),
  v('AI_PROVIDER', 'setting', 'AI', 'Default AI provider (default: openrouter).'),
  v('AI_DEFAULT_MODEL', 'setting', 'AI', 'Default model of the default provider.'),
  v('AI_FALLBACK_PROVIDER', 'setting', 'AI', 'Fallback provider (needs AI_FALLBACK_MODEL too).'),
  v('AI_FALLBACK_MODEL', 'setting', 'AI', 'Fallback model.'),
  v('GEMINI_DEFAULT_MODEL', 'setting', 'AI', 'Default Gemini model.'),
  v('TAVILY_API_KEY', 'secret', 'Web', 'Tavily key (first web provider).'),
  v('TAVILY_BASE_URL', 'url', 'Web', 'Tavily base URL override.'),
  v('EXA_API_KEY', 'secret', 'Web', 'Exa key (second web provider).'),
  v('EXA_BASE_URL', 'url', 'Web', 'Exa base URL override.'),
  v('FIRECRAWL_API_KEY', 'secret', 'Web', 'Firecrawl key (third web provider).'),
  v('FIRECRAWL_BASE_URL', 'url', 'Web', 'Firecrawl base URL override.'),
  v('GITHUB_TOKEN', 'secret', 'Code hosting (GitHub)', 'Token; the public API is used without it.'),
  v('GITHUB_API_VERSION', 'setting', 'Code hosting (GitHub)', 'API version header (default 2022-11-28).'),
  v('GITHUB_BASE_URL', 'url', 'Code hosting (GitHub)', 'GitHub REST API base URL override.'),
  v(
    'GITHUB_RAW_BASE_URL',
    'url',
    'Code hosting (GitHub)',
    'Raw-file host (default https://raw.githubusercontent.com); raw URLs must use exactly its scheme, host and port.',
  ),
  v('FINNHUB_API_KEY', 'secret', 'Other sources', 'Finnhub key.'),
  v('FINNHUB_BASE_URL', 'url', 'Other sources', 'Finnhub base URL override.'),
  v('FRED_API_KEY', 'secret', 'Other sources', 'FRED key.'),
  v('FRED_BASE_URL', 'url', 'Other sources', 'FRED base URL override.'),
  v('DEFILLAMA_BASE_URL', 'url', 'Other sources', 'DefiLlama API base URL (default https://api.llama.fi).'),
  v(
    'DEFILLAMA_STABLECOINS_BASE_URL',
    'url',
    'Other sources',
    'DefiLlama stablecoins base URL (default https://stablecoins.llama.fi).',
  ),
  v(
    'DEFILLAMA_YIELDS_BASE_URL',
    'url',
    'Other sources',
    'DefiLlama yields base URL (default https://yields.llama.fi).',
  ),
  v(
    'HYPERLIQUID_BASE_URL',
    'url',
    'Other sources',
    'Hyperliquid API base URL (default https://api.hyperliquid.xyz).',
  ),
  v(
    'SEC_USER_AGENT',
    'setting',
    'Other sources',
    'Required for SEC EDGAR: a name and a contact email, e.g. "Example Co admin@example.com".',
  ),
  v('SEC_BASE_URL', 'url', 'Other sources', 'SEC website base URL (default https://www.sec.gov).'),
  v('SEC_DATA_BASE_URL', 'url', 'Other sources', 'SEC data API base URL (default https://data.sec.gov).'),
  v(
    'POLYMARKET_BASE_URL',
    'url',
    'Other sources',
    'Polymarket Gamma API base URL (default https://gamma-api.polymarket.com).',
  ),
  v('CHAINLINK_FEEDS_URL', 'url', 'Other sources', 'The Chainlink feed catalog JSON for the chain.'),
  v(
    'ALTERNATIVE_ME_BASE_URL',
    'url',
    'Other sources',
    'Fear-and-greed API base URL (default https://api.alternative.me).',
  ),
  v(
    'CODEX_API_KEY',
    'secret',
    'Other sources',
    'Codex key (the ranking provider for all tokens on the chain).',
  ),
  v('CODEX_BASE_URL', 'url', 'Other sources', 'Codex base URL (default https://graph.codex.io).'),
  v(
    'PKG_NET_ALLOW_PRIVATE',
    'setting',
    'Network guard',
    '`1` admits loopback and private addresses for configured endpoints only.',
  ),
] as const satisfies readonly EnvVarSpec[];

export type DataEnvName = (typeof DATA_ENV_VARS)[number]['name'];
export type DataEnv = Partial<Record<DataEnvName, string>>;

export const DATA_ENV_NAMES: ReadonlySet<string> = new Set(DATA_ENV_VARS.map((spec) => spec.name));

// Every command of the CLI, sorted by name: its name, the other names it answers to, and how to
// load it. Commands load lazily, so `pkg <command>` evaluates only that command's code (and
// `pkg --version` none); a test checks that each loaded definition carries the name listed here.
import type { CommandDefinition } from '../lib/command.js';

export interface CommandEntry {
  name: string;
  /** Other command paths that run the same command (listed in the help beside it). */
  aliases?: readonly string[];
  load: () => Promise<CommandDefinition>;
}

export const commands: CommandEntry[] = [
  { name: 'ai generate', load: async () => (await import('./ai/generate.js')).aiGenerateCommand },
  { name: 'ai models', load: async () => (await import('./ai/models.js')).aiModelsCommand },
  { name: 'block latest', load: async () => (await import('./chain/block-latest.js')).blockLatestCommand },
  { name: 'chain info', load: async () => (await import('./chain/chain-info.js')).chainInfoCommand },
  { name: 'config get', load: async () => (await import('./config-get.js')).configGetCommand },
  { name: 'config set', load: async () => (await import('./config-set.js')).configSetCommand },
  {
    name: 'contract inspect',
    load: async () => (await import('./chain/contract-inspect.js')).contractInspectCommand,
  },
  { name: 'doctor', load: async () => (await import('./doctor.js')).doctorCommand },
  { name: 'github branches', load: async () => (await import('./github/branches.js')).githubBranchesCommand },
  { name: 'github commits', load: async () => (await import('./github/commits.js')).githubCommitsCommand },
  { name: 'github contents', load: async () => (await import('./github/contents.js')).githubContentsCommand },
  { name: 'github issues', load: async () => (await import('./github/issues.js')).githubIssuesCommand },
  { name: 'github pulls', load: async () => (await import('./github/pulls.js')).githubPullsCommand },
  { name: 'github raw', load: async () => (await import('./github/raw.js')).githubRawCommand },
  { name: 'github releases', load: async () => (await import('./github/releases.js')).githubReleasesCommand },
  { name: 'github repo', load: async () => (await import('./github/repo.js')).githubRepoCommand },
  {
    name: 'github search-code',
    load: async () => (await import('./github/search-code.js')).githubSearchCodeCommand,
  },
  {
    name: 'github search-repos',
    load: async () => (await import('./github/search-repos.js')).githubSearchReposCommand,
  },
  { name: 'github tree', load: async () => (await import('./github/tree.js')).githubTreeCommand },
  { name: 'github user', load: async () => (await import('./github/user.js')).githubUserCommand },
  { name: 'info', load: async () => (await import('./info.js')).infoCommand },
  { name: 'init', load: async () => (await import('./init.js')).initCommand },
  { name: 'install', load: async () => (await import('./install.js')).installCommand },
  { name: 'list', load: async () => (await import('./list.js')).listCommand },
  { name: 'login', load: async () => (await import('./login.js')).loginCommand },
  { name: 'logout', load: async () => (await import('./logout.js')).logoutCommand },
  { name: 'logs query', load: async () => (await import('./chain/logs-query.js')).logsQueryCommand },
  { name: 'market dexes', load: async () => (await import('./market/dexes.js')).marketDexesCommand },
  { name: 'market gainers', load: async () => (await import('./market/gainers.js')).marketGainersCommand },
  {
    name: 'market liquidity',
    load: async () => (await import('./market/liquidity.js')).marketLiquidityCommand,
  },
  { name: 'market losers', load: async () => (await import('./market/losers.js')).marketLosersCommand },
  { name: 'market networks', load: async () => (await import('./market/networks.js')).marketNetworksCommand },
  { name: 'market new', load: async () => (await import('./market/new.js')).marketNewCommand },
  { name: 'market ohlcv', load: async () => (await import('./market/ohlcv.js')).marketOhlcvCommand },
  { name: 'market pairs', load: async () => (await import('./market/pairs.js')).marketPairsCommand },
  { name: 'market pool', load: async () => (await import('./market/pool.js')).marketPoolCommand },
  { name: 'market price', load: async () => (await import('./market/price.js')).marketPriceCommand },
  { name: 'market quotes', load: async () => (await import('./market/quotes.js')).marketQuotesCommand },
  { name: 'market search', load: async () => (await import('./market/search.js')).marketSearchCommand },
  { name: 'market token', load: async () => (await import('./market/token.js')).marketTokenCommand },
  { name: 'market trades', load: async () => (await import('./market/trades.js')).marketTradesCommand },
  { name: 'market trending', load: async () => (await import('./market/trending.js')).marketTrendingCommand },
  { name: 'market txns', load: async () => (await import('./market/txns.js')).marketTxnsCommand },
  { name: 'market volume', load: async () => (await import('./market/volume.js')).marketVolumeCommand },
  {
    name: 'market volume-drop',
    load: async () => (await import('./market/volume-drop.js')).marketVolumeDropCommand,
  },
  {
    name: 'market volume-up',
    load: async () => (await import('./market/volume-up.js')).marketVolumeUpCommand,
  },
  { name: 'mcp', load: async () => (await import('./mcp.js')).mcpCommand },
  { name: 'pack', load: async () => (await import('./pack.js')).packCommand },
  { name: 'price', load: async () => (await import('./price.js')).priceCommand },
  {
    name: 'providers',
    aliases: ['provider list'],
    load: async () => (await import('./chain/providers.js')).providersCommand,
  },
  { name: 'publish', load: async () => (await import('./publish.js')).publishCommand },
  { name: 'remove', load: async () => (await import('./remove.js')).removeCommand },
  { name: 'run', load: async () => (await import('./run.js')).runCommand },
  { name: 'search', load: async () => (await import('./search.js')).searchCommand },
  {
    name: 'security address',
    load: async () => (await import('./security/address.js')).securityAddressCommand,
  },
  {
    name: 'security approvals',
    load: async () => (await import('./security/approvals.js')).securityApprovalsCommand,
  },
  { name: 'security token', load: async () => (await import('./security/token.js')).securityTokenCommand },
  { name: 'setup init', load: async () => (await import('./setup-init.js')).setupInitCommand },
  { name: 'stocks list', load: async () => (await import('./stocks/list.js')).stocksListCommand },
  { name: 'stocks quote', load: async () => (await import('./stocks/quote.js')).stocksQuoteCommand },
  { name: 'subgraph query', load: async () => (await import('./subgraph/query.js')).subgraphQueryCommand },
  { name: 'token create', load: async () => (await import('./token-create.js')).tokenCreateCommand },
  { name: 'token inspect', load: async () => (await import('./chain/token-inspect.js')).tokenInspectCommand },
  { name: 'token list', load: async () => (await import('./token-list.js')).tokenListCommand },
  { name: 'token revoke', load: async () => (await import('./token-revoke.js')).tokenRevokeCommand },
  { name: 'trust accept', load: async () => (await import('./trust-accept.js')).trustAcceptCommand },
  { name: 'trust show', load: async () => (await import('./trust-show.js')).trustShowCommand },
  { name: 'tx inspect', load: async () => (await import('./chain/tx-inspect.js')).txInspectCommand },
  { name: 'validate', load: async () => (await import('./validate.js')).validateCommand },
  { name: 'verify', load: async () => (await import('./verify.js')).verifyCommand },
  {
    name: 'wallet inspect',
    load: async () => (await import('./chain/wallet-inspect.js')).walletInspectCommand,
  },
  { name: 'web answer', load: async () => (await import('./web/answer.js')).webAnswerCommand },
  { name: 'web extract', load: async () => (await import('./web/extract.js')).webExtractCommand },
  { name: 'web map', load: async () => (await import('./web/map.js')).webMapCommand },
  { name: 'web search', load: async () => (await import('./web/search.js')).webSearchCommand },
  { name: 'web similar', load: async () => (await import('./web/similar.js')).webSimilarCommand },
  { name: 'whoami', load: async () => (await import('./whoami.js')).whoamiCommand },
];

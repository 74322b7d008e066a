// @pkg/shared/contract: the browser-safe contract between the server, the CLI and the website:
// zod schemas of names, manifests and procedures, the data envelope and its provenance, the /v1
// shapes, the provider names and the registry's error table. zod, semver and viem's ABI helpers
// at run time; no Node built-in and nothing of the data SDK (shared/src/data/), which imports
// this, never the reverse (docs/architecture.md). The SPA imports this entry only.
export {
  API_VERSION,
  healthSchema,
  type Health,
  readinessSchema,
  type Readiness,
  serviceInfoSchema,
  type ServiceInfo,
} from '../schemas/service.js';
export {
  errorBodySchema,
  type ErrorBody,
  errorDetailSchema,
  type ErrorDetail,
} from '../schemas/error-body.js';
export * from '../errors/index.js';
export * from '../schemas/patterns.js';
export * from './package-page.js';
export {
  formatPackageId,
  integritySchema,
  type Integrity,
  namespaceSchema,
  type Namespace,
  packageIdSchema,
  type PackageId,
  packageNameSchema,
  type PackageName,
  packageIdParts,
  parsePackageId,
  versionSchema,
  type Version,
} from '../schemas/names.js';
export {
  SPEC_VERSION,
  manifestSchema,
  type Manifest,
  permissionsSchema,
  type Permissions,
  toolEntrySchema,
  type ToolEntry,
} from '../schemas/manifest.js';
export { skillFrontMatterSchema, type SkillFrontMatter } from '../schemas/skill-md.js';
export { PROBLEM_CODES, type ProblemCode, type Problem, InvalidPackageError } from '../package/problems.js';
export { PACKAGE_LIMITS } from '../package/limits.js';
export { provenanceSchema, type Provenance, timestampSchema } from '../schemas/provenance.js';
export * from '../schemas/api/packages.js';
export * from '../schemas/api/browse.js';
export * from '../schemas/api/auth.js';
export * from '../schemas/api/namespaces.js';
export * from '../schemas/api/trust.js';
export * from '../schemas/api/publishers.js';
export { hasControlCharacter, oneLineText } from '../schemas/one-line.js';
export {
  STATEMENT_HEADER,
  canonicalJson,
  statementLine,
  versionStatementText,
  type StatementFields,
} from './version-statement.js';
export {
  cacheInfoSchema,
  type CacheInfo,
  cachedResultSchema,
  type CachedResult,
  compositeResultSchema,
  type CompositeResult,
  DATA_ERROR_CODES,
  dataErrorCodeSchema,
  type DataErrorCode,
  errorResultSchema,
  type ErrorResult,
  liveResultSchema,
  type LiveResult,
  provenanceSchema as dataProvenanceSchema,
  type Provenance as DataProvenance,
  providerAttemptSchema,
  type ProviderAttempt,
  RESULT_STATUSES,
  resultSchema,
  type Result,
  resultStatusSchema,
  type ResultStatus,
  unavailableResultSchema,
  type UnavailableResult,
} from './result-schema.js';
export { isLive } from './is-live.js';
export { sectionSchema, sectionStatusSchema, toSection, type Section } from './v1/sections.js';
export {
  v1AddressSchema,
  contractInterfaceSchema,
  contractInterfaceOf,
  v1ContractSchema,
  type ContractInterface,
  type V1Contract,
} from './v1/contract.js';
export { V1_TTL, V1_TTLS } from './v1/ttls.js';
export { V1_ENDPOINTS, type V1Endpoint, type V1Name, type V1Params, type V1Answer } from './v1/endpoints.js';
// v1 stocks, filings and odds
export {
  issuerQuoteSchema,
  lastCloseSchema,
  lookalikesSchema,
  premiumReferenceSchema,
  premiumRowSchema,
  stockPoolSchema,
  stockPremiumSchema,
  stockTokenSchema,
  v1StocksSchema,
  type IssuerQuote,
  type LastClose,
  type Lookalikes,
  type PremiumRowV1,
  type StockPool,
  type StockPremium,
  type StockToken,
  type V1Stocks,
} from './v1/stocks.js';
export {
  cardFilingSchema,
  filingsCardSchema,
  v1FilingsSchema,
  v1SymbolSchema,
  type CardFiling,
  type FilingsCardV1,
  type V1Filings,
} from './v1/filings.js';
export {
  ODDS_NOTICE,
  oddsEventSchema,
  oddsOutcomeSchema,
  v1OddsSchema,
  type OddsEventV1,
  type V1Odds,
} from './v1/odds.js';
// v1 project token
export {
  v1TokenSchema,
  v1TokenLiveSchema,
  holderRoleSchema,
  type V1Token,
  type V1TokenLive,
} from './v1/token.js';
// v1 chain overview
export {
  chainTvlSchema,
  chainProtocolSchema,
  chainProtocolsSchema,
  perpMarketSchema,
  perpMarketsSchema,
  newPoolsSchema,
  v1ChainSchema,
  type ChainTvl,
  type ChainProtocols,
  type PerpMarketsPanel,
  type V1Chain,
} from './v1/chain.js';
// v1 screener and wallet
export {
  HIGH_TAX_FRACTION,
  screenerFlagSchema,
  screenerFlagListSchema,
  screenerFlagsOf,
  screenerParamsSchema,
  screenerPoolSchema,
  screenerListSchema,
  tokenFlagsSchema,
  v1PoolSchema,
  v1ScreenerSchema,
  type ScreenerFlag,
  type ScreenerFlagList,
  type ScreenerParams,
  type ScreenerPool,
  type ScreenerList,
  type TokenFlags,
  type V1Pool,
  type V1Screener,
} from './v1/screener.js';
export {
  holdingPriceSchema,
  holdingMetadataSchema,
  holdingSchema,
  holdingListSchema,
  walletTransferSchema,
  v1WalletSchema,
  type HoldingPrice,
  type HoldingMetadata,
  type Holding,
  type HoldingList,
  type WalletTransfer,
  type V1Wallet,
} from './v1/wallet.js';
// v1 candles and pool card
export * from './v1/pool.js';
export { PROVIDER_NAMES, providerName } from './provider-names.js';
// Ask, the holder pass and the contract explainer
export * from './v1/ask.js';
export * from './v1/holder-pass.js';
export * from './v1/explanation.js';
export { NO_DATA_REASON } from './no-data.js';
export { PRICE_DIGITS, formatPrice, formatUsdPrice } from '../format/format-price.js';
// the insights of a package version: score, static look at the tool code, permission diff
export * from './insights/index.js';

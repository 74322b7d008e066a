// What the registry wing reads (docs/architecture.md, "The three wings"): its collections (the five
// of packages and users, the download counts (docs/browsing.md), and the signing keys and the log's: docs/trust.md),
// the trusted publishers and the exchanged ID tokens: docs/publishing.md), the artifact store, the connection (to know whether the store is reachable), the shared
// limiter, its settings, the clock, the logger, the package answers cached per revision (one
// cache per app), the search index and the trust state; the downloads of the last days (search's tie-break). Nothing of the website, the bots, the data layer or the AI
// features. The composition root (wing-deps.ts, registryDeps) builds it once; callers hand a
// service `deps.registry`, and the type is what a registry service may touch.
import type { Connection } from 'mongoose';
import type { MetadataCache } from '../../cache/metadata-cache.js';
import type { ArtifactStore } from '../../db/artifact-store.js';
import type { Models } from '../../db/models/index.js';
import type { StoreCommands } from '../../db/store-commands.js';
import type { Limiter } from '../../infra/limiter.js';
import type { Logger } from '../../logger.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { OidcPlatform } from '@pkg/shared';
import type { DownloadCounter } from './downloads/download-counter.js';
import type { OidcState } from './publishing/oidc-keys.js';
import type { SearchIndex } from './search/search-index.js';
import type { TrustState } from './trust/trust-state.js';

/** An accepted OIDC issuer (PKG_OIDC_ISSUERS): its platform picks the claims matched. */
export interface OidcIssuerSetting {
  platform: OidcPlatform;
  /** The issuer URL as its tokens carry it in `iss` (no trailing slash). */
  issuer: string;
}

export interface RegistryDeps {
  /** The settings the wing reads (config.ts validates them). */
  config: {
    PKG_RESERVED_NAMESPACES: readonly string[];
    PKG_RATE_LIMIT_PUBLISH: number;
    /** The signing key's sources and the log's origin (docs/trust.md). */
    PKG_SIGNING_KEY?: string | undefined;
    PKG_DATA_DIR: string;
    PKG_LOG_ORIGIN?: string | undefined;
    PKG_BASE_URL?: string | undefined;
    /** The CI issuers whose ID tokens the exchange accepts (docs/publishing.md). */
    PKG_OIDC_ISSUERS: readonly OidcIssuerSetting[];
    /** The `aud` an ID token must carry: PKG_OIDC_AUDIENCE, else the registry's origin. */
    PKG_OIDC_AUDIENCE: string;
  };
  logger: Logger;
  db: Connection;
  models: Pick<
    Models,
    | 'Package'
    | 'Version'
    | 'DownloadCount'
    | 'Namespace'
    | 'User'
    | 'Token'
    | 'SigningKey'
    | 'LogEntry'
    | 'LogMeta'
    | 'TrustedPublisher'
    | 'OidcJti'
  >;
  /** The publish path's store operations (db/store-commands.ts). */
  commands: StoreCommands;
  artifacts: ArtifactStore;
  limiter: Limiter;
  clock: () => Date;
  /** The package answers cached per package revision (cache/metadata-cache.ts), one per app. */
  metadata: MetadataCache;
  /** The search index of this process (search/search-index.ts), one per app. */
  search: SearchIndex;
  /** The signing key in use and the append chain (trust/trust-state.ts). */
  trust: TrustState;
  /** The OIDC issuers' client and their keys kept per issuer (publishing/oidc-keys.ts). */
  oidc: OidcState;
  /**
   * The downloads counted in memory until they are flushed to download_counts
   * (downloads/download-counter.ts; docs/registry-api.md, "Download counts"), one per app.
   */
  downloads: DownloadCounter;
  /** Publishes, log appends and the bytes of downloads, counted (docs/operator.md, "Metrics"). */
  metrics: Metrics;
}

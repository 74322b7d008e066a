// What the AI features and the holder pass read (docs/public-api.md, "Ask", "Holder pass",
// "Contract explainer"): the data layer, the clock, their three collections, the pass keys and
// their settings, and the /v1 answers the Ask tools read. Nothing of HTTP: built once by the
// composition root (create-deps.ts); tests build it directly.
import type { V1Answer, V1Name, V1Params } from '@pkg/shared';
import type { DataClient, ProjectTokenConfig } from '@pkg/shared/data';
import type { Models } from '../../../db/models/index.js';
import type { PassKeys } from '../../../infra/pass-keys.js';
import type { Logger } from '../../../logger.js';

export interface AiDeps {
  data: DataClient;
  clock: () => Date;
  models: Pick<Models, 'Counter' | 'HolderNonce' | 'Explanation'>;
  passKeys: PassKeys;
  projectToken: ProjectTokenConfig;
  /** HOLDER_PASS_THRESHOLD, in whole tokens. */
  threshold: bigint;
  /** PKG_AI_DAILY_LIMIT: model calls a day per visitor; 0 is no limit. */
  aiDailyLimit: number;
  /** One /v1 answer (cached like the endpoint's), for the Ask tools. */
  v1: <K extends V1Name>(name: K, params: V1Params<K>) => Promise<V1Answer<K>>;
  log: Logger;
  /** The explanations being written now, one model call per contract at a time. */
  explaining: Map<string, Promise<unknown>>;
}

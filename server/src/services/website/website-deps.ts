// What the website's services read (docs/architecture.md, "The three wings"): the data layer,
// the clock, the project token's configuration and the /v1 answer cache. Nothing of HTTP, nothing
// of the database. Built once by the composition root (create-deps.ts); unit tests build it
// directly.
import type { DataClient, ProjectTokenConfig } from '@pkg/shared/data';
import type { V1AnswerCache } from '../../cache/v1-answers.js';

export interface WebsiteDeps {
  data: DataClient;
  clock: () => Date;
  projectToken: ProjectTokenConfig;
  /** The /v1 answers of this server: one cache, created with the server, single flight. */
  v1Answers: V1AnswerCache;
}

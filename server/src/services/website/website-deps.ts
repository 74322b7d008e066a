// What the website's services read: the data layer, the clock and the project token's
// configuration. Nothing of HTTP, nothing of the database: AppDeps provides it (websiteDeps), and
// unit tests build it directly.
import type { DataClient, ProjectTokenConfig } from '@pkg/shared/data';
import type { AppDeps } from '../../deps.js';

export interface WebsiteDeps {
  data: DataClient;
  clock: () => Date;
  projectToken: ProjectTokenConfig;
}

export const websiteDeps = (deps: AppDeps): WebsiteDeps => ({
  data: deps.data,
  clock: deps.clock,
  projectToken: deps.config.projectToken,
});

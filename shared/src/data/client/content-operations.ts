// Operations beyond the chain: `ai.*` (completions and model lists), `web.*` (search, extract,
// map, similar, answer), `github.*` (code hosting) and `subgraph.query`.
import { models } from '../ai/generate.js';
import { CAPABILITIES as c } from '../capabilities/index.js';
import type { DataEnv } from '../config/env-vars.js';
import type { FreshOption } from './client-options.js';
import type { OperationBinders } from './operation-binders.js';

export function contentOperations({ run, op }: OperationBinders, env: DataEnv) {
  return {
    ai: {
      /** A completion; `data.routing` names the provider and model that served it. */
      generate: op(c.aiGenerate),
      /** The models of the requested (else the default) AI provider, optionally filtered by a text. */
      models: (params: { provider?: string; search?: string } & FreshOption = {}) => models(run, params, env),
    },
    web: {
      search: op(c.webSearch),
      extract: op(c.webExtract),
      map: op(c.webMap),
      similar: op(c.webSimilar),
      answer: op(c.webAnswer),
    },
    github: {
      repo: op(c.githubRepo),
      searchRepos: op(c.githubSearchRepos),
      contents: op(c.githubContents),
      tree: op(c.githubTree),
      commits: op(c.githubCommits),
      branches: op(c.githubBranches),
      releases: op(c.githubReleases),
      release: op(c.githubRelease),
      issues: op(c.githubIssues),
      pulls: op(c.githubPulls),
      user: op(c.githubUser),
      searchCode: op(c.githubSearchCode),
      raw: op(c.githubRaw),
    },
    subgraph: { query: op(c.subgraphQuery) },
  };
}

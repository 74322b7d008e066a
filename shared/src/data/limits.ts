// The data layer's limits, each documented where it applies: the guarded fetch's time-outs and
// body cap (docs/data-layer.md, "Network guard"), the AI requests' under "AI", the pages' under
// "Web", the raw files' under "Code hosting and subgraphs".
const MiB = 1024 * 1024;

export const LIMITS = {
  responseBytes: 5 * MiB,
  requestTimeoutMs: 15_000,
  explorerTimeoutMs: 30_000,
} as const;

/** AI requests: checked before any request is sent. */
export const AI_LIMITS = {
  messages: 100,
  characters: 200_000,
  maxTokens: 16_384,
  tools: 32,
  /** An image's decoded size. */
  imageBytes: 5_000_000,
  timeoutMs: 60_000,
  maxTimeoutMs: 120_000,
  modelListBytes: 20 * MiB,
} as const;

export const WEB_LIMITS = {
  extractUrls: 10,
  maxCharacters: 5_000,
  maxCharactersCap: 50_000,
} as const;

export const RAW_FILE_LIMITS = {
  bytes: 1 * MiB,
  maxBytes: 5 * MiB,
} as const;

export const GITHUB_LIMITS = {
  perPage: 100,
} as const;

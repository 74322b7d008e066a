// The Limits table of 2-data-layer.md, for the chain scope.
export const LIMITS = {
  responseBytes: 5 * 1024 * 1024,
  requestTimeoutMs: 15_000,
  explorerTimeoutMs: 30_000,
} as const;

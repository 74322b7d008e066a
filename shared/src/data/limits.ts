// The data layer's limits for the chain scope (docs/data-layer.md).
export const LIMITS = {
  responseBytes: 5 * 1024 * 1024,
  requestTimeoutMs: 15_000,
  explorerTimeoutMs: 30_000,
} as const;

// isLive(result): true for a result fetched from a provider for this request. Browser-safe.
import type { CompositeResult, LiveResult, Result } from './result-schema.js';

export function isLive<T>(result: Result<T>): result is LiveResult<T>;
export function isLive(result: CompositeResult): boolean;
export function isLive(result: Result | CompositeResult): boolean {
  return result.status === 'LIVE';
}

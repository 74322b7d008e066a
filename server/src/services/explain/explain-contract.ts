// STUB (part B replaces it): the contract explainer.
import type { V1Explanation } from '@pkg/shared';
import type { AiDeps } from '../ai/ai-deps.js';

/**
 * The stored explanation of a contract, or a new one. `beforeModelCall` runs just before the
 * model is called (it takes the visitor's AI call of the day and may throw QUOTA_EXCEEDED); it
 * returns a release called when the call fails.
 */
export async function explainContract(
  _deps: AiDeps,
  _address: string,
  _beforeModelCall: () => Promise<() => Promise<void>>,
): Promise<V1Explanation> {
  throw new Error('not implemented');
}

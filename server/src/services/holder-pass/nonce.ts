// STUB (part A replaces it).
import type { HolderNonceAnswer } from '@pkg/shared';
import type { AiDeps } from '../ai/ai-deps.js';

export async function issueNonce(_deps: AiDeps): Promise<HolderNonceAnswer> {
  throw new Error('not implemented');
}

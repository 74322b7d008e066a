// STUB (part A replaces it).
import type { HolderPassAnswer, HolderPassInput } from '@pkg/shared';
import type { AiDeps } from '../ai/ai-deps.js';

export async function issuePass(
  _deps: AiDeps,
  _input: HolderPassInput,
  _siteOrigin: string,
): Promise<HolderPassAnswer> {
  throw new Error('not implemented');
}

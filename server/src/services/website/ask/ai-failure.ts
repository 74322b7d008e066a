// How the AI features (Ask and the contract explainer; docs/public-api.md) answer a completion
// that did not come: a model or provider the operator has not configured is NOT_CONFIGURED (503)
// naming the variable, anything else UPSTREAM_FAILED (502). The data layer's messages are already
// redacted (no keys); they are passed on as they are.
import { RegistryError, type Result } from '@pkg/shared';

/** Variables of the AI layer an INVALID_INPUT names when the operator has not set them. */
const AI_VARIABLE = /\b(AI_[A-Z_]+|GEMINI_[A-Z_]+|OPENROUTER_[A-Z_]+)\b/;

export function aiFailure(result: Exclude<Result, { status: 'LIVE' | 'CACHED' }>): RegistryError {
  if (result.status === 'ERROR') {
    if (result.code === 'INVALID_INPUT' && AI_VARIABLE.test(result.message))
      return new RegistryError('NOT_CONFIGURED', `The AI model is not configured: ${result.message}`);
    return new RegistryError('UPSTREAM_FAILED', `The AI provider did not answer: ${result.message}`);
  }
  if (/no configured provider/.test(result.reason))
    return new RegistryError(
      'NOT_CONFIGURED',
      `The AI provider is not configured: ${result.reason} (set OPENROUTER_API_KEY or GEMINI_API_KEY)`,
    );
  return new RegistryError('UPSTREAM_FAILED', `The AI provider did not answer: ${result.reason}`);
}

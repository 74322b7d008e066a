// Explicit AI routing (docs/data-layer.md, "AI"): the requested provider, else AI_PROVIDER
// (default openrouter); the requested model, else the provider's configured default, else
// INVALID_INPUT naming the variable to set: no model id is written in code. Another provider is
// tried only when AI_FALLBACK_PROVIDER and AI_FALLBACK_MODEL are both set, the request does not
// say `fallback: false`, and the first provider failed as a provider (402, 5xx, time-out,
// network): never after a refused request (400, 403, 404, 413, 422), a rejected key or a rate
// limit. Every answer carries `routing`; a substitution is never hidden. `actualModel` is the model
// the provider says answered (OpenRouter's `model`, which its router and model fallbacks can make
// another than the one asked for; Gemini's `modelVersion`), the requested one only when the
// provider names none.
import type { DataEnv } from '../config/env-vars.js';
import type { FailureKind } from '../errors/data-errors.js';
import { errorResult } from '../result.js';
import type { ProviderAttempt, Result } from '../../contract/result-schema.js';
import { AI_PROVIDERS, type AiGenerateRequest, type AiProviderId } from './ai-request.js';
import type { AiAnswer, AiCompletion, AiModel, AiModelList, AiRouting } from './ai-types.js';

export type AiRun = (
  name: string,
  input: Record<string, unknown>,
  options: { provider: string; onFailure?: (provider: string, kind: FailureKind) => void },
) => Promise<Result>;

type Settled<T> = { value: T } | { problem: string };

const isAiProvider = (value: string): value is AiProviderId =>
  (AI_PROVIDERS as readonly string[]).includes(value);

/** The provider to ask: the requested one, else AI_PROVIDER, else the primary. */
export function aiProviderFor(requested: string | undefined, env: DataEnv): Settled<AiProviderId> {
  if (requested !== undefined)
    return isAiProvider(requested)
      ? { value: requested }
      : { problem: `provider must be one of ${AI_PROVIDERS.join(', ')}` };
  const configured = env.AI_PROVIDER?.trim();
  if (!configured) return { value: 'openrouter' };
  return isAiProvider(configured)
    ? { value: configured }
    : { problem: `AI_PROVIDER is ${configured}; it must be one of ${AI_PROVIDERS.join(', ')}` };
}

/** The model to ask for: the requested one, else the provider's configured default. */
export function aiModelFor(
  provider: AiProviderId,
  requested: string | undefined,
  env: DataEnv,
): Settled<string> {
  if (requested) return { value: requested };
  const isDefault = provider === (env.AI_PROVIDER?.trim() || 'openrouter');
  const fromDefault = isDefault ? env.AI_DEFAULT_MODEL?.trim() : undefined;
  if (fromDefault) return { value: fromDefault };
  const fromGemini = provider === 'gemini' ? env.GEMINI_DEFAULT_MODEL?.trim() : undefined;
  if (fromGemini) return { value: fromGemini };
  const variables = [
    ...(isDefault ? ['AI_DEFAULT_MODEL'] : []),
    ...(provider === 'gemini' ? ['GEMINI_DEFAULT_MODEL'] : []),
  ];
  return {
    problem:
      `no model for ${provider}: pass a model` +
      (variables.length > 0
        ? `, or set ${variables.join(' or ')}`
        : `, or make it the default with AI_PROVIDER`),
  };
}

/** The configured fallback, when both variables are set. */
function configuredFallback(env: DataEnv): Settled<{ provider: AiProviderId; model: string }> | undefined {
  const provider = env.AI_FALLBACK_PROVIDER?.trim();
  const model = env.AI_FALLBACK_MODEL?.trim();
  if (!provider || !model) return undefined;
  if (!isAiProvider(provider))
    return { problem: `AI_FALLBACK_PROVIDER is ${provider}; it must be one of ${AI_PROVIDERS.join(', ')}` };
  return { value: { provider, model } };
}

const invalid = (message: string, capability: string) =>
  errorResult('INVALID_INPUT', message, [], capability);

export async function generate(run: AiRun, request: AiGenerateRequest, env: DataEnv): Promise<Result> {
  const provider = aiProviderFor(request.provider, env);
  if ('problem' in provider) return invalid(provider.problem, 'ai.generate');
  const model = aiModelFor(provider.value, request.model, env);
  if ('problem' in model) return invalid(model.problem, 'ai.generate');
  const fallback = request.fallback === false ? undefined : configuredFallback(env);
  if (fallback && 'problem' in fallback) return invalid(fallback.problem, 'ai.generate');

  const { provider: _p, model: _m, fallback: _f, ...rest } = request;
  let primaryKind: FailureKind | undefined;
  const primary = await run(
    'ai.generate',
    { ...rest, model: model.value },
    { provider: provider.value, onFailure: (_id, kind) => (primaryKind = kind) },
  );
  const routing = (actualProvider: string, actualModel: string, reason?: string): AiRouting => ({
    requestedProvider: provider.value,
    requestedModel: model.value,
    actualProvider,
    actualModel,
    fallback: reason !== undefined,
    ...(reason !== undefined ? { fallbackReason: reason } : {}),
  });
  if (primary.status === 'LIVE' || primary.status === 'CACHED')
    return {
      ...primary,
      data: withRouting(primary.data, routing(provider.value, answeredBy(primary.data, model.value))),
    };
  if (!fallback || primary.status !== 'ERROR' || primaryKind !== 'failure') return primary;

  const failed: ProviderAttempt[] = primary.attemptedProviders;
  const reason = failed.map((a) => `${a.provider}: ${a.error}`).join('; ') || primary.message;
  const second = await run(
    'ai.generate',
    { ...rest, model: fallback.value.model },
    { provider: fallback.value.provider },
  );
  if (second.status === 'LIVE' || second.status === 'CACHED') {
    const fallbackFrom = [...failed, ...(second.provenance.fallbackFrom ?? [])];
    return {
      ...second,
      data: withRouting(
        second.data,
        routing(fallback.value.provider, answeredBy(second.data, fallback.value.model), reason),
      ),
      provenance: { ...second.provenance, fallbackFrom },
    };
  }
  const attempted = [...failed, ...(second.status === 'ERROR' ? second.attemptedProviders : [])];
  return errorResult(
    'ALL_PROVIDERS_FAILED',
    `ai.generate: ${provider.value} failed and the configured fallback ${fallback.value.provider} (${fallback.value.model}) ` +
      (second.status === 'ERROR' ? `failed too: ${second.message}` : `was unavailable: ${second.reason}`),
    attempted,
    'ai.generate',
  );
}

/** The model the provider reported in its completion, else the one it was asked for. */
function answeredBy(data: unknown, requested: string): string {
  return (data as AiCompletion).model || requested;
}

function withRouting(data: unknown, routing: AiRouting): AiAnswer {
  return { ...(data as AiCompletion), routing };
}

/** `ai.models`: one provider's list (the requested one, else AI_PROVIDER), optionally filtered. */
export async function models(
  run: AiRun,
  params: { provider?: string | undefined; search?: string | undefined; fresh?: boolean | undefined },
  env: DataEnv,
): Promise<Result> {
  const provider = aiProviderFor(params.provider, env);
  if ('problem' in provider) return invalid(provider.problem, 'ai.models');
  const result = await run(
    'ai.models',
    { provider: provider.value, ...(params.fresh ? { fresh: true } : {}) },
    { provider: provider.value },
  );
  const search = params.search?.trim().toLowerCase();
  if (!search || (result.status !== 'LIVE' && result.status !== 'CACHED')) return result;
  const list = result.data as AiModelList;
  const matches = (m: AiModel) =>
    [m.id, m.name, m.description].some((text) => text?.toLowerCase().includes(search));
  return { ...result, data: { ...list, models: list.models.filter(matches) } };
}

// The payloads of the AI capabilities, the same whichever provider answers (docs/data-layer.md,
// "AI"). A member a provider did not report is absent; usage figures are the provider's own.

export interface AiUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  /** As reported upstream (OpenRouter: credits, i.e. USD); absent where the provider reports none. */
  cost?: number;
}

export interface AiToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

/** What a provider returns for one completion. */
export interface AiCompletion {
  /** The text the model returned; absent when it returned none (a tool call, a cut answer). */
  text?: string;
  /** The parsed JSON, validated against `response_format`. */
  structured?: unknown;
  toolCalls?: AiToolCall[];
  finishReason?: string;
  /** The model as the provider returned it. */
  model?: string;
  /** The upstream provider that served it, as returned (OpenRouter's `provider`). */
  upstreamProvider?: string;
  responseId?: string;
  usage: AiUsage;
}

export interface AiRouting {
  requestedProvider: string;
  /** The model asked for (the request's, else the configured default or fallback model). */
  requestedModel: string;
  actualProvider: string;
  /** The model the provider says answered (the completion's `model`), else the one asked for. */
  actualModel: string;
  fallback: boolean;
  /** The failed provider's error, when the fallback served. */
  fallbackReason?: string;
}

/** `ai.generate`: a completion with its routing; substitution is never hidden. */
export interface AiAnswer extends AiCompletion {
  routing: AiRouting;
}

export interface AiModel {
  id: string;
  name?: string;
  description?: string;
  contextLength?: number;
  maxCompletionTokens?: number;
  inputModalities?: string[];
  outputModalities?: string[];
  /** USD per token or unit, decimal strings as the provider sent them. */
  pricing?: Record<string, string>;
  /** Request parameters or generation methods the model supports, as the provider names them. */
  features?: string[];
  /** Gemini: the model thinks. */
  thinking?: boolean;
}

export interface AiModelList {
  provider: string;
  models: AiModel[];
}

// OpenRouter, the primary AI provider (https://openrouter.ai/docs/api-reference/overview).
// `ai.generate` POSTs one OpenAI-compatible chat completion with the request's model (never a
// model of our own: the router settles it from the request or AI_DEFAULT_MODEL):
// - messages: system, user, assistant (`tool_calls` with `arguments` as JSON text) and `tool`
//   results with `tool_call_id` (https://openrouter.ai/docs/features/tool-calling); the request's
//   images go to the LAST user message as `image_url` parts, https or `data:` URLs
//   (https://openrouter.ai/docs/features/images-and-pdfs);
// - tools as `{type: 'function', function: {name, description, parameters}}`, `tool_choice`;
// - `response_format` as `{type: 'json_schema', json_schema: {name, strict: true, schema}}`
//   (https://openrouter.ai/docs/features/structured-outputs); the answer is parsed and validated
//   against the schema, a mismatch is refused (RequestRefusedError);
// - `max_tokens`; thinkingBudget as `reasoning` (https://openrouter.ai/docs/use-cases/reasoning-tokens):
//   a positive budget is `{max_tokens: n}`, 0 is `{effort: 'none'}`, -1 is `{enabled: true}` (the
//   model's default reasoning); a model that cannot honour it answers 400, refused as such;
// - the completion's own time-out (60 s default, 120 s at most).
// The answer: text, tool calls (arguments parsed from their JSON text; text that is not JSON is
// kept as sent), finish reason, the model and upstream provider as returned, and usage exactly as
// reported (tokens, reasoning tokens, cost in credits). A 200 body with an `error` and no choices,
// or a choice carrying an `error` (a failure after generation started), is a failure, never an
// answer. `ai.models` lists GET /models (no key needed): context length, pricing strings as sent,
// modalities and supported parameters.
import type { AiMessage, AiProviderRequest, AiTool } from '../../ai/ai-request.js';
import { structuredOutput } from '../../ai/ai-request.js';
import type { AiCompletion, AiModel, AiModelList, AiToolCall } from '../../ai/ai-types.js';
import { compact } from '../../compact.js';
import { InvalidInputError, ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import { AI_LIMITS } from '../../limits.js';
import type { ProviderFactory } from '../provider-types.js';
import { createOpenrouterCall, errorText } from './http.js';
import {
  completionSchema,
  keyInfoSchema,
  modelListSchema,
  type OpenrouterCompletion,
  type OpenrouterModel,
} from './payloads.js';

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function toolCallsOf(message: AiMessage) {
  return (message.toolCalls ?? []).map((call, i) => ({
    id: call.id ?? `call_${i}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

/** The request's messages in OpenRouter's form; the images join the last user message. */
export function openrouterMessages(messages: AiMessage[], images: string[] = []): unknown[] {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  return messages.map((message, index) => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user': {
        if (index !== lastUser || images.length === 0) return { role: 'user', content: message.content };
        const parts: Part[] = [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
        ];
        return { role: 'user', content: parts };
      }
      case 'assistant': {
        const calls = toolCallsOf(message);
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        return { role: 'assistant', content: message.content || null, tool_calls: calls };
      }
      case 'tool':
        if (!message.toolCallId)
          throw new InvalidInputError(
            'openrouter: a tool result needs the toolCallId of the call it answers',
            {
              provider: 'openrouter',
            },
          );
        return {
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: message.content,
          ...(message.name ? { name: message.name } : {}),
        };
    }
  });
}

function openrouterTools(tools: AiTool[]) {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.parameters,
    },
  }));
}

function toolChoiceOf(choice: AiProviderRequest['toolChoice']) {
  if (choice === undefined) return undefined;
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** thinkingBudget as OpenRouter's `reasoning` object (see the file's head). */
function reasoningOf(budget: number | undefined) {
  if (budget === undefined) return undefined;
  if (budget === 0) return { effort: 'none' };
  if (budget < 0) return { enabled: true };
  return { max_tokens: budget };
}

export function completionBody(request: AiProviderRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: openrouterMessages(request.messages, request.images),
    max_tokens: request.maxTokens,
  };
  if (request.tools && request.tools.length > 0) body.tools = openrouterTools(request.tools);
  const toolChoice = toolChoiceOf(request.toolChoice);
  if (toolChoice !== undefined) body.tool_choice = toolChoice;
  if (request.response_format)
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: 'response', strict: true, schema: request.response_format },
    };
  const reasoning = reasoningOf(request.thinkingBudget);
  if (reasoning) body.reasoning = reasoning;
  return body;
}

/** Message content: a string, or (some upstreams) an array of text parts. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content === '' ? undefined : content;
  if (Array.isArray(content)) {
    const text = content
      .map((part: unknown) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
    return text === '' ? undefined : text;
  }
  return undefined;
}

function parseArguments(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function completionOf(answer: OpenrouterCompletion, redact: (text: string) => string): AiCompletion {
  const options = { provider: 'openrouter', redact };
  const choice = answer.choices?.[0];
  const failed = choice?.error ?? (choice ? undefined : answer.error);
  if (failed) {
    const code = typeof failed.code === 'number' ? failed.code : Number(failed.code);
    throw new ProviderError(
      'failure',
      `openrouter: the generation failed${Number.isFinite(code) ? ` (code ${code})` : ''}: ${errorText(failed) ?? 'no message'}`,
      { ...options, transient: Number.isFinite(code) && code >= 500 },
    );
  }
  if (!choice) throw new ProviderError('failure', 'openrouter: the answer holds no choice', options);
  const message = choice.message ?? undefined;
  // The arguments stay exactly as the model sent them (nulls included): never compacted.
  const toolCalls: AiToolCall[] = (message?.tool_calls ?? []).map((call) => ({
    ...(call.id ? { id: call.id } : {}),
    name: call.function.name,
    arguments: parseArguments(call.function.arguments),
  }));
  const usage = answer.usage ?? undefined;
  const completion = compact({
    text: textOf(message?.content),
    finishReason: choice.finish_reason || undefined,
    model: answer.model || undefined,
    upstreamProvider: answer.provider || undefined,
    responseId: answer.id || undefined,
    usage: {
      promptTokens: usage?.prompt_tokens,
      completionTokens: usage?.completion_tokens,
      totalTokens: usage?.total_tokens,
      reasoningTokens: usage?.completion_tokens_details?.reasoning_tokens,
      cost: usage?.cost,
    },
  }) as AiCompletion;
  return toolCalls.length > 0 ? { ...completion, toolCalls } : completion;
}

/** Applies `response_format`: the parsed, validated JSON in `structured`, or a refusal. */
export function withStructured(
  completion: AiCompletion,
  schema: Record<string, unknown> | undefined,
  provider: string,
  redact: (text: string) => string,
): AiCompletion {
  // A tool-calling turn carries no final answer yet: the structured output comes at the end.
  if (!schema || (completion.text === undefined && completion.toolCalls)) return completion;
  const outcome = structuredOutput(completion.text, schema);
  if ('problem' in outcome)
    throw new RequestRefusedError(`${provider}: ${outcome.problem}`, { provider, redact });
  return { ...completion, structured: outcome.value };
}

function modelOf(model: OpenrouterModel): AiModel {
  const pricing = Object.fromEntries(
    Object.entries(model.pricing ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const features = model.supported_parameters ?? undefined;
  return compact({
    id: model.id,
    name: model.name || undefined,
    description: model.description || undefined,
    contextLength: model.context_length,
    maxCompletionTokens: model.top_provider?.max_completion_tokens,
    inputModalities: model.architecture?.input_modalities,
    outputModalities: model.architecture?.output_modalities,
    pricing: Object.keys(pricing).length > 0 ? pricing : undefined,
    features,
  }) as AiModel;
}

export const createOpenrouterProvider: ProviderFactory = (endpoint, context) => {
  const call = createOpenrouterCall(endpoint, context);
  const keyed = endpoint.secrets.length > 0;
  const { redact } = context;

  return {
    handlers: {
      'ai.generate': async (params) => {
        const request = params as unknown as AiProviderRequest;
        if (typeof request.model !== 'string' || request.model === '')
          throw new InvalidInputError('openrouter: no model (pass one, or set AI_DEFAULT_MODEL)', {
            provider: 'openrouter',
          });
        const answer = await call(
          {
            path: '/chat/completions',
            method: 'POST',
            body: completionBody(request),
            timeoutMs: request.timeoutMs ?? AI_LIMITS.timeoutMs,
          },
          completionSchema,
        );
        const completion = completionOf(answer, redact);
        return { data: withStructured(completion, request.response_format, 'openrouter', redact) };
      },
      'ai.models': async () => {
        const list = await call({ path: '/models', maxBytes: AI_LIMITS.modelListBytes }, modelListSchema);
        const data: AiModelList = { provider: 'openrouter', models: list.data.map(modelOf) };
        return { data };
      },
    },
    // With a key: GET /key checks it and reports its limits (the label, a masked key, is left
    // out); without one: GET /models, counted.
    health: async () => {
      if (!keyed) {
        const list = await call({ path: '/models', maxBytes: AI_LIMITS.modelListBytes }, modelListSchema);
        return { keyConfigured: false, models: list.data.length };
      }
      const info = await call({ path: '/key' }, keyInfoSchema);
      return compact({
        keyConfigured: true,
        keyAccepted: true,
        limit: info.data.limit,
        limitRemaining: info.data.limit_remaining,
        usage: info.data.usage,
        freeTier: info.data.is_free_tier,
      }) as Record<string, unknown>;
    },
  };
};

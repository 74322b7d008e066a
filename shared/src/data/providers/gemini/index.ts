// Google Gemini, the secondary AI provider (https://ai.google.dev/api/generate-content).
// `ai.generate` POSTs `/models/{model}:generateContent` with the request's model (never a model of
// our own: the router settles it from the request, AI_DEFAULT_MODEL or GEMINI_DEFAULT_MODEL):
// - system messages become `systemInstruction`; user turns `role: 'user'`; assistant turns
//   `role: 'model'` with `functionCall` parts; tool results `functionResponse` parts (merged into
//   one user turn when consecutive, as for parallel calls), the result's JSON object as
//   `response`, any other text as `{output: text}` (FunctionResponse.response: "use the output key
//   for the function's output"), the name from the message or from the call it answers
//   (https://ai.google.dev/gemini-api/docs/function-calling);
// - a replayed model turn with function calls carries the documented placeholder thought
//   signature on its first call, since this request shape does not carry the model's own
//   signatures (https://ai.google.dev/gemini-api/docs/thought-signatures: models that validate
//   signatures refuse a replayed call without one);
// - images go to the LAST user message as `inlineData` parts; Gemini takes them as `data:` URLs
//   only: an https image is refused (INVALID_INPUT) before any request;
// - tools as `functionDeclarations` with the JSON Schema in `parametersJsonSchema`, toolChoice as
//   `toolConfig.functionCallingConfig` (auto AUTO, none NONE, required ANY, a name ANY with
//   `allowedFunctionNames`);
// - `response_format` as `responseMimeType: 'application/json'` + `responseJsonSchema`
//   (https://ai.google.dev/gemini-api/docs/structured-output), the answer parsed and validated;
// - `maxOutputTokens`; thinkingBudget as `generationConfig.thinkingConfig.thinkingBudget`
//   (https://ai.google.dev/gemini-api/docs/thinking: 0 off, -1 dynamic, n a cap; a model that
//   does not support the value answers 400, refused as such);
// - the completion's own time-out (60 s default, 120 s at most).
// The answer: the text of the first candidate's non-thought parts, its function calls (`args` an
// object, as sent), finish reason, `modelVersion`, `responseId`, and usage exactly as reported
// (no cost: Gemini reports none). A blocked prompt (`promptFeedback.blockReason`, no candidate) is
// refused, naming the reason. `ai.models` lists GET /models, following `nextPageToken`.
import {
  dataImageParts,
  structuredOutput,
  type AiMessage,
  type AiProviderRequest,
} from '../../ai/ai-request.js';
import type { AiCompletion, AiModel, AiModelList, AiToolCall } from '../../ai/ai-types.js';
import { compact } from '../../compact.js';
import { InvalidInputError, ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import { AI_LIMITS } from '../../limits.js';
import type { ProviderFactory } from '../provider-types.js';
import { modelPath } from './endpoints.js';
import { createGeminiCall } from './http.js';
import {
  generateResponseSchema,
  modelListSchema,
  type GeminiGenerateResponse,
  type GeminiModel,
} from './payloads.js';

/** The documented placeholder for a function call whose thought signature is not at hand. */
export const PLACEHOLDER_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';
const MODEL_PAGE_SIZE = '1000';
const MAX_MODEL_PAGES = 10;

type Part = Record<string, unknown>;
interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

const invalid = (message: string) => new InvalidInputError(`gemini: ${message}`, { provider: 'gemini' });

/** The request's images as `inlineData` parts; an https image is refused. */
export function imageParts(images: string[] = []): Part[] {
  return images.map((image) => {
    const parts = dataImageParts(image);
    if (!parts) throw new InvalidInputError('gemini takes images as data: URLs only', { provider: 'gemini' });
    return { inlineData: { mimeType: parts.mimeType, data: parts.data } };
  });
}

/** A tool result as FunctionResponse.response: its JSON object, else `{output: text}`. */
function responseOf(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // not JSON: the text itself is the output
  }
  return { output: content };
}

export function geminiContents(
  messages: AiMessage[],
  images: string[] = [],
): { systemInstruction?: { parts: Part[] }; contents: Content[] } {
  const inline = imageParts(images);
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const system: Part[] = [];
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  for (const [index, message] of messages.entries()) {
    switch (message.role) {
      case 'system':
        system.push({ text: message.content });
        break;
      case 'user': {
        const extra = index === lastUser ? inline : [];
        const parts: Part[] = [
          ...(message.content !== '' || extra.length === 0 ? [{ text: message.content }] : []),
          ...extra,
        ];
        contents.push({ role: 'user', parts });
        break;
      }
      case 'assistant': {
        const calls = (message.toolCalls ?? []).map((call, i): Part => {
          if (call.id) callNames.set(call.id, call.name);
          return {
            functionCall: { ...(call.id ? { id: call.id } : {}), name: call.name, args: call.arguments },
            ...(i === 0 ? { thoughtSignature: PLACEHOLDER_THOUGHT_SIGNATURE } : {}),
          };
        });
        const parts: Part[] = [...(message.content !== '' ? [{ text: message.content }] : []), ...calls];
        contents.push({ role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] });
        break;
      }
      case 'tool': {
        const name = message.name ?? (message.toolCallId ? callNames.get(message.toolCallId) : undefined);
        if (!name)
          throw invalid('a tool result needs the tool name (name, or the toolCallId of an earlier call)');
        const part: Part = {
          functionResponse: {
            ...(message.toolCallId ? { id: message.toolCallId } : {}),
            name,
            response: responseOf(message.content),
          },
        };
        const previous = contents.at(-1);
        const merge = previous?.role === 'user' && previous.parts.every((p) => 'functionResponse' in p);
        if (previous && merge) previous.parts.push(part);
        else contents.push({ role: 'user', parts: [part] });
        break;
      }
    }
  }
  return { ...(system.length > 0 ? { systemInstruction: { parts: system } } : {}), contents };
}

function toolConfigOf(choice: AiProviderRequest['toolChoice']) {
  if (choice === undefined) return undefined;
  if (typeof choice === 'object')
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
  const mode = { auto: 'AUTO', none: 'NONE', required: 'ANY' }[choice];
  return { functionCallingConfig: { mode } };
}

export function generateBody(request: AiProviderRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...geminiContents(request.messages, request.images) };
  if (request.tools && request.tools.length > 0)
    body.tools = [
      {
        functionDeclarations: request.tools.map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          parametersJsonSchema: tool.parameters,
        })),
      },
    ];
  const toolConfig = toolConfigOf(request.toolChoice);
  if (toolConfig) body.toolConfig = toolConfig;
  const generationConfig: Record<string, unknown> = { maxOutputTokens: request.maxTokens };
  if (request.response_format) {
    generationConfig.responseMimeType = 'application/json';
    generationConfig.responseJsonSchema = request.response_format;
  }
  if (request.thinkingBudget !== undefined)
    generationConfig.thinkingConfig = { thinkingBudget: request.thinkingBudget };
  body.generationConfig = generationConfig;
  return body;
}

export function completionOf(answer: GeminiGenerateResponse, redact: (text: string) => string): AiCompletion {
  const options = { provider: 'gemini', redact };
  const candidate = answer.candidates?.[0];
  if (!candidate) {
    const block = answer.promptFeedback?.blockReason;
    if (block) {
      const why = answer.promptFeedback?.blockReasonMessage?.trim();
      throw new RequestRefusedError(
        `gemini: the prompt was blocked (${block}${why ? `: ${why}` : ''})`,
        options,
      );
    }
    throw new ProviderError('failure', 'gemini: the answer holds no candidate', options);
  }
  const parts = candidate.content?.parts ?? [];
  const text = parts
    .filter((p) => p.thought !== true && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
  // The arguments stay exactly as the model sent them (nulls included): never compacted.
  const toolCalls: AiToolCall[] = parts.flatMap((p) =>
    p.functionCall
      ? [
          {
            ...(p.functionCall.id ? { id: p.functionCall.id } : {}),
            name: p.functionCall.name,
            arguments: p.functionCall.args ?? {},
          },
        ]
      : [],
  );
  const usage = answer.usageMetadata ?? undefined;
  const completion = compact({
    text: text === '' ? undefined : text,
    finishReason: candidate.finishReason || undefined,
    model: answer.modelVersion || undefined,
    responseId: answer.responseId || undefined,
    usage: {
      promptTokens: usage?.promptTokenCount,
      completionTokens: usage?.candidatesTokenCount,
      totalTokens: usage?.totalTokenCount,
      reasoningTokens: usage?.thoughtsTokenCount,
    },
  }) as AiCompletion;
  return toolCalls.length > 0 ? { ...completion, toolCalls } : completion;
}

function modelOf(model: GeminiModel): AiModel {
  return compact({
    id: model.name.replace(/^models\//, ''),
    name: model.displayName || undefined,
    description: model.description || undefined,
    contextLength: model.inputTokenLimit,
    maxCompletionTokens: model.outputTokenLimit,
    features: model.supportedGenerationMethods,
    thinking: model.thinking,
  }) as AiModel;
}

export const createGeminiProvider: ProviderFactory = (endpoint, context) => {
  const call = createGeminiCall(endpoint, context);
  const { redact } = context;

  return {
    handlers: {
      'ai.generate': async (params) => {
        const request = params as unknown as AiProviderRequest;
        if (typeof request.model !== 'string' || request.model === '')
          throw invalid('no model (pass one, or set GEMINI_DEFAULT_MODEL)');
        // Built before any request: an https image or a nameless tool result is refused here.
        const body = generateBody(request);
        const answer = await call(
          {
            path: `/${modelPath(request.model)}:generateContent`,
            method: 'POST',
            body,
            timeoutMs: request.timeoutMs ?? AI_LIMITS.timeoutMs,
          },
          generateResponseSchema,
        );
        const completion = completionOf(answer, redact);
        const schema = request.response_format;
        // A function-calling turn carries no final answer yet: the structured output comes at the end.
        if (!schema || (completion.text === undefined && completion.toolCalls)) return { data: completion };
        const outcome = structuredOutput(completion.text, schema);
        if ('problem' in outcome)
          throw new RequestRefusedError(`gemini: ${outcome.problem}`, { provider: 'gemini', redact });
        return { data: { ...completion, structured: outcome.value } };
      },
      'ai.models': async () => {
        const models: AiModel[] = [];
        let pageToken: string | undefined;
        for (let page = 0; page < MAX_MODEL_PAGES; page++) {
          const list = await call(
            {
              path: '/models',
              query: { pageSize: MODEL_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) },
              maxBytes: AI_LIMITS.modelListBytes,
            },
            modelListSchema,
          );
          models.push(...(list.models ?? []).map(modelOf));
          pageToken = list.nextPageToken || undefined;
          if (!pageToken) break;
        }
        const data: AiModelList = { provider: 'gemini', models };
        return { data };
      },
    },
    health: async () => {
      const list = await call({ path: '/models', query: { pageSize: '1' } }, modelListSchema);
      return {
        keyAccepted: true,
        models: (list.models ?? []).length,
        morePages: Boolean(list.nextPageToken),
      };
    },
  };
};

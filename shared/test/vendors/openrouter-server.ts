// Double of the OpenRouter API (https://openrouter.ai/api/v1): POST /api/v1/chat/completions with
// `Authorization: Bearer <key>`, GET /api/v1/models (no key needed) and GET /api/v1/key. Shapes
// follow https://openrouter.ai/docs/api-reference/overview (completion response),
// https://openrouter.ai/docs/features/tool-calling, https://openrouter.ai/docs/use-cases/usage-accounting,
// https://openrouter.ai/docs/models and https://openrouter.ai/docs/api-reference/errors-and-debugging
// as summarized in the vendor's documentation. Values are illustrative, and the model ids
// are made up (no real model id is needed to exercise the client).
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

/** Models the double's catalogue lists (and the only ones a completion accepts). */
export const OPENROUTER_MODEL = 'vendor-a/model-one';
export const OPENROUTER_VISION_MODEL = 'vendor-b/model-two-vision';
export const OPENROUTER_BARE_MODEL = 'vendor-c/model-three';
/** The upstream the double says served a completion. */
export const OPENROUTER_UPSTREAM = 'ExampleUpstream';

/** The usage of every completion, as the vendor reports it (numbers illustrative). */
export const OPENROUTER_USAGE = {
  prompt_tokens: 194,
  completion_tokens: 18,
  total_tokens: 212,
  cost: 0.0000952,
  is_byok: false,
  prompt_tokens_details: { cached_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 7 },
  cost_details: { upstream_inference_cost: null },
};

export interface OpenrouterCall {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** The parsed JSON body (undefined when there was none or it was not JSON). */
  body: Record<string, unknown> | undefined;
}

export type { QueuedAnswer };

export interface OpenrouterDouble extends HttpDouble {
  /** The API base to configure as OPENROUTER_BASE_URL. */
  baseUrl: string;
  calls: OpenrouterCall[];
  count: (path: RegExp) => number;
  /** Answers served in order (after the auth check) before the normal handling. */
  failNext: QueuedAnswer[];
  /** Completions never answer (a time-out). */
  hang: boolean;
  /** The assistant text when the request has a `response_format`. */
  structuredText: string;
  /** The JSON text of `arguments` in a tool call answer. */
  toolArguments: string;
  /**
   * Scripted completions, served in order before the default shapes: a model that calls the
   * named tools (several in one turn), or answers with text, with the usage it reports.
   */
  replies: OpenrouterReply[];
  reset: () => void;
}

/** One scripted completion: tool calls (`arguments` is the JSON text the model wrote) or text. */
export interface OpenrouterReply {
  toolCalls?: { name: string; arguments: string }[];
  content?: string;
  usage?: Partial<typeof OPENROUTER_USAGE>;
  /**
   * The response's `model`, the model that actually answered (the request's when absent):
   * OpenRouter's router and model fallbacks can answer with another than the one asked for.
   */
  model?: string;
}

const orError = (code: number, message: string, metadata?: Record<string, unknown>) => ({
  error: { code, message, ...(metadata ? { metadata } : {}) },
});

// GET /api/v1/models — "List all models" (https://openrouter.ai/docs/models): `data[]` of
// {id, canonical_slug, name, created, description, context_length, architecture, pricing (USD
// strings), top_provider, per_request_limits, supported_parameters}.
const MODELS = [
  {
    id: OPENROUTER_MODEL,
    canonical_slug: OPENROUTER_MODEL,
    name: 'Vendor A: Model One',
    created: 1757000000,
    description: 'A general text model used by the double.',
    context_length: 131072,
    architecture: {
      modality: 'text->text',
      input_modalities: ['text'],
      output_modalities: ['text'],
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: {
      prompt: '0.0000003',
      completion: '0.0000025',
      request: '0',
      image: '0',
      web_search: '0',
      internal_reasoning: '0',
    },
    top_provider: { context_length: 131072, max_completion_tokens: 16384, is_moderated: false },
    per_request_limits: null,
    supported_parameters: [
      'max_tokens',
      'tools',
      'tool_choice',
      'response_format',
      'structured_outputs',
      'reasoning',
    ],
  },
  {
    id: OPENROUTER_VISION_MODEL,
    canonical_slug: OPENROUTER_VISION_MODEL,
    name: 'Vendor B: Model Two Vision',
    created: 1756000000,
    description: 'Reads images and text.',
    context_length: 1048576,
    architecture: {
      modality: 'text+image->text',
      input_modalities: ['text', 'image'],
      output_modalities: ['text'],
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: { prompt: '0.000001', completion: '0.000004', request: '0', image: '0.001238' },
    top_provider: { context_length: 1048576, max_completion_tokens: 65536, is_moderated: true },
    per_request_limits: null,
    supported_parameters: ['max_tokens', 'temperature', 'tools'],
  },
  // A model with the optional members null or empty, as the catalogue has some.
  {
    id: OPENROUTER_BARE_MODEL,
    canonical_slug: OPENROUTER_BARE_MODEL,
    name: 'Vendor C: Model Three',
    created: 1755000000,
    description: '',
    context_length: 8192,
    architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
    pricing: { prompt: '0', completion: '0' },
    top_provider: { context_length: null, max_completion_tokens: null, is_moderated: false },
    per_request_limits: null,
    supported_parameters: [],
  },
];

type Tool = { function?: { name?: string } };

// POST /api/v1/chat/completions — the completion response (https://openrouter.ai/docs/api-reference/overview,
// "Responses"): {id, provider, model (the model actually used), object, created, choices[{index, finish_reason,
// native_finish_reason, message{role, content, tool_calls?}}], usage}; tool calls per
// https://openrouter.ai/docs/features/tool-calling (arguments as JSON text); with a
// json_schema `response_format` the JSON text is the message content
// (https://openrouter.ai/docs/features/structured-outputs).
function completion(double: OpenrouterDouble, body: Record<string, unknown>) {
  const scripted = double.replies.shift();
  if (scripted) return scriptedCompletion(body, scripted);
  const tools = Array.isArray(body.tools) ? (body.tools as Tool[]) : [];
  const choice = body.tool_choice as string | { function?: { name?: string } } | undefined;
  const structured = body.response_format !== undefined;
  const callTool = !structured && tools.length > 0 && choice !== 'none';
  const toolName =
    (typeof choice === 'object' ? choice.function?.name : undefined) ?? tools[0]?.function?.name ?? 'tool';
  const message = callTool
    ? {
        role: 'assistant',
        content: null,
        refusal: null,
        reasoning: null,
        tool_calls: [
          {
            id: 'call_0001',
            index: 0,
            type: 'function',
            function: { name: toolName, arguments: double.toolArguments },
          },
        ],
      }
    : {
        role: 'assistant',
        content: structured ? double.structuredText : 'The pool has low liquidity; trade small.',
        refusal: null,
        reasoning: null,
      };
  return envelope(body, message, callTool ? 'tool_calls' : 'stop', OPENROUTER_USAGE);
}

/** The completion response around one assistant message; `model` names the model that answered. */
function envelope(
  body: Record<string, unknown>,
  message: object,
  finishReason: string,
  usage: object,
  model: unknown = body.model,
) {
  return {
    id: 'gen-1757000000-AbCdEfGh',
    provider: OPENROUTER_UPSTREAM,
    model,
    object: 'chat.completion',
    created: 1757000000,
    choices: [
      { logprobs: null, finish_reason: finishReason, native_finish_reason: 'STOP', index: 0, message },
    ],
    usage,
  };
}

let callNumber = 0;

// A scripted completion in the same documented shape: `tool_calls` with ids, `type: "function"`
// and `arguments` as JSON text, `finish_reason: "tool_calls"`; or text with `finish_reason: "stop"`;
// `model` the one the script says answered, else the requested one.
function scriptedCompletion(body: Record<string, unknown>, reply: OpenrouterReply) {
  const toolCalls = reply.toolCalls ?? [];
  const message =
    toolCalls.length > 0
      ? {
          role: 'assistant',
          content: reply.content ?? null,
          refusal: null,
          reasoning: null,
          tool_calls: toolCalls.map((call, index) => ({
            id: `call_${String(++callNumber).padStart(4, '0')}`,
            index,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : { role: 'assistant', content: reply.content ?? '', refusal: null, reasoning: null };
  return envelope(
    body,
    message,
    toolCalls.length > 0 ? 'tool_calls' : 'stop',
    { ...OPENROUTER_USAGE, ...reply.usage },
    reply.model ?? body.model,
  );
}

export async function startOpenrouterServer(key: string): Promise<OpenrouterDouble> {
  const ref: { self?: OpenrouterDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as OpenrouterDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = url.pathname;
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    double.calls.push({
      method: req.method ?? '',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
    });
    const authorization = req.headers.authorization;
    const keyed = authorization === `Bearer ${key}`;
    const queued = () => takeQueued(double.failNext, path);

    if (req.method === 'GET' && path === '/api/v1/models') {
      // The model list answers without a key ([obs]).
      const q = queued();
      if (q) return sendQueued(res, q);
      return sendJson(res, 200, { data: MODELS });
    }
    // 401 {"error":{"code":401,"message":"No auth credentials found"}} (errors-and-debugging; the
    // wording of a missing key [obs]); an unknown key: "User not found." [obs].
    if (!authorization) return sendJson(res, 401, orError(401, 'No auth credentials found'));
    if (!keyed) return sendJson(res, 401, orError(401, 'User not found.'));

    if (req.method === 'GET' && path === '/api/v1/key') {
      const q = queued();
      if (q) return sendQueued(res, q);
      // GET /api/v1/key (https://openrouter.ai/docs/api-reference/limits): the key's label (a
      // masked key), limit, usage and tier.
      return sendJson(res, 200, {
        data: {
          label: 'sk-or-v1-abc...xyz',
          limit: 25,
          limit_reset: null,
          limit_remaining: 19.5,
          include_byok_in_limit: false,
          usage: 5.5,
          usage_daily: 0.25,
          usage_weekly: 1.5,
          usage_monthly: 5.5,
          is_free_tier: false,
        },
      });
    }
    if (req.method === 'POST' && path === '/api/v1/chat/completions') {
      const q = queued();
      if (q) return sendQueued(res, q);
      if (double.hang) return; // never answers: the client's time-out ends it
      if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages))
        return sendJson(res, 400, orError(400, 'Input required: specify "model" and "messages"'));
      // 400 for an unknown model (errors-and-debugging, "Bad Request"; wording illustrative).
      if (!MODELS.some((m) => m.id === body.model))
        return sendJson(res, 400, orError(400, `${String(body.model)} is not a valid model ID`));
      return sendJson(res, 200, completion(double, body));
    }
    return sendJson(res, 404, orError(404, 'Not Found'));
  });
  const self: OpenrouterDouble = Object.assign(http, {
    baseUrl: `${http.origin}/api/v1`,
    calls: [] as OpenrouterCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    hang: false,
    structuredText: '{"verdict":"caution","reasons":["low liquidity"]}',
    toolArguments: '{"symbol":"EXM","limit":null}',
    replies: [] as OpenrouterReply[],
    reset() {
      self.replies.length = 0;
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.hang = false;
      self.structuredText = '{"verdict":"caution","reasons":["low liquidity"]}';
      self.toolArguments = '{"symbol":"EXM","limit":null}';
    },
  });
  ref.self = self;
  return self;
}

export const OR_COMPLETIONS = /\/chat\/completions$/;
export const OR_MODELS = /\/models$/;
export { orError };

// Double of the Gemini API (https://generativelanguage.googleapis.com/v1beta):
// POST /v1beta/models/{model}:generateContent and GET /v1beta/models, the key in the
// `x-goog-api-key` header (https://ai.google.dev/gemini-api/docs/api-key). Shapes follow
// https://ai.google.dev/api/generate-content, https://ai.google.dev/api/models,
// https://ai.google.dev/gemini-api/docs/function-calling and the errors of
// https://ai.google.dev/gemini-api/docs/troubleshooting (the Google API error model,
// https://google.aip.dev/193), as summarized in the vendor's documentation Every call
// records whether a `key=` query parameter was in its URL, so a test can prove the key only ever
// travels in the header. Values are illustrative and the model ids made up.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export const GEMINI_MODEL = 'model-alpha';
export const GEMINI_VISION_MODEL = 'model-beta-vision';
export const GEMINI_EMBEDDING_MODEL = 'embedding-example';

/** The usage of every completion, as the vendor reports it (numbers illustrative). */
export const GEMINI_USAGE = {
  promptTokenCount: 120,
  candidatesTokenCount: 14,
  thoughtsTokenCount: 310,
  totalTokenCount: 444,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 120 }],
};

export interface GeminiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The `x-goog-api-key` header. */
  apiKey: string | undefined;
  /** Whether the URL carried `key=` (it never should). */
  keyInUrl: boolean;
  /** The raw request URL (path and query). */
  url: string;
  body: Record<string, unknown> | undefined;
}

export type { QueuedAnswer };

export interface GeminiDouble extends HttpDouble {
  /** The API base to configure as GEMINI_BASE_URL. */
  baseUrl: string;
  calls: GeminiCall[];
  count: (path: RegExp) => number;
  failNext: QueuedAnswer[];
  hang: boolean;
  /** The next generateContent answers a blocked prompt with this reason. */
  blockReason: string | undefined;
  /** Models per page, whatever pageSize asks (to exercise nextPageToken). */
  pageCap: number;
  /** Every model page has a nextPageToken (a runaway list). */
  endlessPages: boolean;
  structuredText: string;
  /** The `args` object of a function call answer. */
  toolArgs: Record<string, unknown>;
  /**
   * The `modelVersion` of generateContent answers, "the model version used to generate the
   * response" (https://ai.google.dev/api/generate-content#generatecontentresponse); the requested
   * model when undefined.
   */
  modelVersion: string | undefined;
  reset: () => void;
}

/** `{error: {code, message, status, details}}`, the Google API error shape. */
export const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, ...(details.length > 0 ? { details } : {}) },
});

// GET /v1beta/models — ListModelsResponse (https://ai.google.dev/api/models#method:-models.list):
// `models[]` of Model {name: "models/…", baseModelId, version, displayName, description,
// inputTokenLimit, outputTokenLimit, supportedGenerationMethods, temperature, maxTemperature,
// topP, topK, thinking}, and `nextPageToken`.
const MODELS = [
  {
    name: `models/${GEMINI_MODEL}`,
    baseModelId: GEMINI_MODEL,
    version: '001',
    displayName: 'Model Alpha',
    description: 'A fast multimodal model used by the double.',
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: [
      'generateContent',
      'countTokens',
      'createCachedContent',
      'batchGenerateContent',
    ],
    temperature: 1,
    maxTemperature: 2,
    topP: 0.95,
    topK: 64,
    thinking: true,
  },
  {
    name: `models/${GEMINI_VISION_MODEL}`,
    baseModelId: GEMINI_VISION_MODEL,
    version: '002',
    displayName: 'Model Beta Vision',
    description: 'Reads images.',
    inputTokenLimit: 32768,
    outputTokenLimit: 8192,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
    temperature: 1,
    topP: 0.95,
    topK: 40,
  },
  // An embedding model: no description, no output limit, no thinking member.
  {
    name: `models/${GEMINI_EMBEDDING_MODEL}`,
    version: '001',
    displayName: 'Embedding Example',
    inputTokenLimit: 2048,
    supportedGenerationMethods: ['embedContent'],
  },
];

type Declaration = { name?: string };

// POST /v1beta/models/{model}:generateContent — GenerateContentResponse
// (https://ai.google.dev/api/generate-content#generatecontentresponse): candidates[{content{role:
// "model", parts}, finishReason, index}], usageMetadata, modelVersion, responseId; function calls
// as `functionCall` parts with `args` an object (https://ai.google.dev/gemini-api/docs/function-calling);
// with a responseJsonSchema the JSON text is the text part
// (https://ai.google.dev/gemini-api/docs/structured-output); a thought summary part
// (`thought: true`) when thinking is configured (https://ai.google.dev/gemini-api/docs/thinking).
function generate(double: GeminiDouble, model: string, body: Record<string, unknown>) {
  const tools = (Array.isArray(body.tools) ? body.tools : []) as { functionDeclarations?: Declaration[] }[];
  const declarations = tools.flatMap((t) => t.functionDeclarations ?? []);
  const config = (
    body.toolConfig as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } }
  )?.functionCallingConfig;
  const generation = (body.generationConfig ?? {}) as Record<string, unknown>;
  const structured = generation.responseJsonSchema !== undefined;
  const callTool = !structured && declarations.length > 0 && config?.mode !== 'NONE';
  const thinking = generation.thinkingConfig !== undefined;
  const name = config?.allowedFunctionNames?.[0] ?? declarations[0]?.name ?? 'tool';
  const parts = [
    ...(thinking ? [{ text: 'Weighing liquidity against volume first.', thought: true }] : []),
    ...(callTool
      ? [{ functionCall: { name, args: double.toolArgs } }]
      : [{ text: structured ? double.structuredText : 'The pool has low liquidity; trade small.' }]),
  ];
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: 'STOP',
        index: 0,
        safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'NEGLIGIBLE' }],
      },
    ],
    usageMetadata: GEMINI_USAGE,
    modelVersion: double.modelVersion ?? model,
    responseId: 'mX3eaLx1N9aZ',
  };
}

export async function startGeminiServer(key: string): Promise<GeminiDouble> {
  const ref: { self?: GeminiDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as GeminiDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = decodeURIComponent(url.pathname);
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const header = req.headers['x-goog-api-key'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    double.calls.push({
      method: req.method ?? '',
      path,
      query: Object.fromEntries(url.searchParams),
      apiKey,
      keyInUrl: url.searchParams.has('key'),
      url: req.url ?? '',
      body,
    });
    const given = apiKey ?? url.searchParams.get('key') ?? undefined;
    // 403 PERMISSION_DENIED without any key [obs wording].
    if (given === undefined)
      return sendJson(
        res,
        403,
        googleError(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    // 400 INVALID_ARGUMENT with ErrorInfo reason API_KEY_INVALID: the documented bad-key answer
    // ("Bad key").
    if (given !== key)
      return sendJson(
        res,
        400,
        googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ]),
      );
    const queued = takeQueued(double.failNext, path);

    if (req.method === 'GET' && path === '/v1beta/models') {
      if (queued) return sendQueued(res, queued);
      const asked = Number(url.searchParams.get('pageSize') ?? '50');
      const size = Math.min(asked, double.pageCap);
      const start = Number(url.searchParams.get('pageToken') ?? '0') || 0;
      const page = double.endlessPages ? MODELS.slice(0, 1) : MODELS.slice(start, start + size);
      const next = double.endlessPages
        ? String(start + 1)
        : start + size < MODELS.length
          ? String(start + size)
          : undefined;
      return sendJson(res, 200, { models: page, ...(next ? { nextPageToken: next } : {}) });
    }
    const route = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    if (req.method === 'POST' && route) {
      if (queued) return sendQueued(res, queued);
      if (double.hang) return; // never answers: the client's time-out ends it
      const model = route[1] ?? '';
      // 404 NOT_FOUND for an unknown model (troubleshooting, "NOT_FOUND").
      if (
        !MODELS.some(
          (m) => m.name === `models/${model}` && m.supportedGenerationMethods.includes('generateContent'),
        )
      )
        return sendJson(
          res,
          404,
          googleError(
            404,
            'NOT_FOUND',
            `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
          ),
        );
      if (!body || !Array.isArray(body.contents))
        return sendJson(
          res,
          400,
          googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload: contents is required.'),
        );
      if (double.blockReason) {
        const reason = double.blockReason;
        double.blockReason = undefined;
        // A blocked prompt: `promptFeedback.blockReason`, no candidates
        // (https://ai.google.dev/api/generate-content#PromptFeedback).
        return sendJson(res, 200, {
          promptFeedback: {
            blockReason: reason,
            safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH' }],
          },
          usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
          modelVersion: model,
          responseId: 'blocked-0001',
        });
      }
      return sendJson(res, 200, generate(double, model, body));
    }
    return sendJson(res, 404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
  });
  const self: GeminiDouble = Object.assign(http, {
    baseUrl: `${http.origin}/v1beta`,
    calls: [] as GeminiCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    hang: false,
    blockReason: undefined as string | undefined,
    pageCap: 2,
    endlessPages: false,
    structuredText: '{"verdict":"caution","reasons":["low liquidity"]}',
    toolArgs: { symbol: 'EXM', limit: null },
    modelVersion: undefined as string | undefined,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.hang = false;
      self.blockReason = undefined;
      self.pageCap = 2;
      self.endlessPages = false;
      self.structuredText = '{"verdict":"caution","reasons":["low liquidity"]}';
      self.toolArgs = { symbol: 'EXM', limit: null };
      self.modelVersion = undefined;
    },
  });
  ref.self = self;
  return self;
}

export const GM_GENERATE = /:generateContent$/;
export const GM_MODELS = /\/models$/;

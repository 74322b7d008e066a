// The Gemini API's answers, as documented:
// - POST /models/{model}:generateContent: https://ai.google.dev/api/generate-content
//   (GenerateContentResponse: candidates, promptFeedback, usageMetadata, modelVersion, responseId);
//   function calls: https://ai.google.dev/gemini-api/docs/function-calling (`functionCall` parts,
//   `args` an object); thinking: https://ai.google.dev/gemini-api/docs/thinking (`thought` parts,
//   `thoughtsTokenCount`);
// - GET /models: https://ai.google.dev/api/models (ListModelsResponse: models, nextPageToken);
// - errors: https://ai.google.dev/gemini-api/docs/troubleshooting and the Google API error model
//   (https://google.aip.dev/193): `{error: {code, message, status, details: [{@type, ...}]}}`, with
//   `google.rpc.ErrorInfo` (reason API_KEY_INVALID for a bad key) and `google.rpc.RetryInfo`
//   (`retryDelay`, a Duration in JSON form such as "27s").
// Only what the provider reads is validated; everything is optional or nullable as sent.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

export const partSchema = z.looseObject({
  text: str,
  thought: z.boolean().nullable().optional(),
  functionCall: z
    .looseObject({ id: str, name: z.string(), args: z.record(z.string(), z.unknown()).nullable().optional() })
    .nullable()
    .optional(),
});

export const candidateSchema = z.looseObject({
  content: z
    .looseObject({ role: str, parts: z.array(partSchema).nullable().optional() })
    .nullable()
    .optional(),
  finishReason: str,
  index: num,
});

export const generateResponseSchema = z.looseObject({
  candidates: z.array(candidateSchema).nullable().optional(),
  promptFeedback: z.looseObject({ blockReason: str, blockReasonMessage: str }).nullable().optional(),
  usageMetadata: z
    .looseObject({
      promptTokenCount: num,
      candidatesTokenCount: num,
      totalTokenCount: num,
      thoughtsTokenCount: num,
    })
    .nullable()
    .optional(),
  modelVersion: str,
  responseId: str,
});
export type GeminiGenerateResponse = z.infer<typeof generateResponseSchema>;

export const modelSchema = z.looseObject({
  name: z.string(),
  displayName: str,
  description: str,
  inputTokenLimit: num,
  outputTokenLimit: num,
  supportedGenerationMethods: z.array(z.string()).nullable().optional(),
  thinking: z.boolean().nullable().optional(),
});
export type GeminiModel = z.infer<typeof modelSchema>;

export const modelListSchema = z.looseObject({
  models: z.array(modelSchema).nullable().optional(),
  nextPageToken: str,
});

export const errorDetailSchema = z.looseObject({
  '@type': str,
  reason: str,
  retryDelay: str,
});

export const errorBodySchema = z.looseObject({
  error: z
    .looseObject({
      code: num,
      message: str,
      status: str,
      details: z.array(errorDetailSchema).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type GeminiErrorBody = z.infer<typeof errorBodySchema>;

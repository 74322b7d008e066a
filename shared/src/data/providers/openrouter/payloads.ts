// OpenRouter's answers, as documented:
// - POST /chat/completions: https://openrouter.ai/docs/api-reference/overview (response schema),
//   https://openrouter.ai/docs/features/tool-calling, https://openrouter.ai/docs/features/structured-outputs,
//   https://openrouter.ai/docs/use-cases/usage-accounting (usage, always returned);
// - GET /models: https://openrouter.ai/docs/models (API "List all models");
// - GET /key: https://openrouter.ai/docs/api-reference/limits;
// - errors: https://openrouter.ai/docs/api-reference/errors-and-debugging, `{error: {code, message,
//   metadata?}}`; once generation has started the status is 200 and the error is in the body.
// Only what the provider reads is validated; everything is optional or nullable as sent.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

export const errorObjectSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).nullable().optional(),
  message: str,
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const errorBodySchema = z.looseObject({ error: errorObjectSchema.nullable().optional() });

export const toolCallSchema = z.looseObject({
  id: str,
  type: str,
  function: z.looseObject({ name: z.string(), arguments: str }),
});

export const choiceSchema = z.looseObject({
  index: num,
  finish_reason: str,
  native_finish_reason: str,
  message: z
    .looseObject({
      role: str,
      content: z.unknown().optional(),
      refusal: str,
      reasoning: str,
      tool_calls: z.array(toolCallSchema).nullable().optional(),
    })
    .nullable()
    .optional(),
  /** A failure after the model had started (the answer is cut). */
  error: errorObjectSchema.nullable().optional(),
});

export const usageSchema = z.looseObject({
  prompt_tokens: num,
  completion_tokens: num,
  total_tokens: num,
  cost: num,
  completion_tokens_details: z.looseObject({ reasoning_tokens: num }).nullable().optional(),
});

export const completionSchema = z.looseObject({
  id: str,
  provider: str,
  model: str,
  choices: z.array(choiceSchema).nullable().optional(),
  usage: usageSchema.nullable().optional(),
  error: errorObjectSchema.nullable().optional(),
});
export type OpenrouterCompletion = z.infer<typeof completionSchema>;

export const modelSchema = z.looseObject({
  id: z.string(),
  name: str,
  description: str,
  context_length: num,
  architecture: z
    .looseObject({
      input_modalities: z.array(z.string()).nullable().optional(),
      output_modalities: z.array(z.string()).nullable().optional(),
    })
    .nullable()
    .optional(),
  /** USD per token or unit, as decimal strings. */
  pricing: z.record(z.string(), z.unknown()).nullable().optional(),
  top_provider: z.looseObject({ context_length: num, max_completion_tokens: num }).nullable().optional(),
  supported_parameters: z.array(z.string()).nullable().optional(),
});
export type OpenrouterModel = z.infer<typeof modelSchema>;

export const modelListSchema = z.looseObject({ data: z.array(modelSchema) });

export const keyInfoSchema = z.looseObject({
  data: z.looseObject({
    label: str,
    limit: num,
    limit_remaining: num,
    usage: num,
    is_free_tier: z.boolean().nullable().optional(),
  }),
});

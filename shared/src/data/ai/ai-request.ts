// The one AI request shape for every AI provider (docs/data-layer.md, "AI"): provider, model,
// messages, tools, toolChoice, response_format (a JSON Schema), maxTokens, fallback, images.
// Every limit is checked here, before any request: at most 100 messages and 200,000 characters,
// maxTokens at most 16,384, at most 32 tools, images over https (public hosts) or as
// `data:image/*;base64` URLs of at most 5 MB.
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod';
import { AI_LIMITS } from '../limits.js';
import { publicTargetProblem } from '../net/public-target.js';

export const AI_PROVIDERS = ['openrouter', 'gemini'] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number];

export const aiProviderSchema = z
  .enum(AI_PROVIDERS)
  .describe('openrouter (primary) or gemini (secondary); default AI_PROVIDER, else openrouter');

const toolCallSchema = z.object({
  id: z.string().max(200).optional(),
  name: z.string().min(1).max(64),
  arguments: z.record(z.string(), z.unknown()),
});

export const aiMessageSchema = z
  .object({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.string(),
    /** A tool result answers this call (role `tool`). */
    toolCallId: z.string().max(200).optional(),
    /** The tool a result comes from (role `tool`), or the calls an assistant turn made. */
    name: z.string().min(1).max(64).optional(),
    toolCalls: z.array(toolCallSchema).max(AI_LIMITS.tools).optional(),
  })
  .strict();
export type AiMessage = z.infer<typeof aiMessageSchema>;

export const aiToolSchema = z
  .object({
    name: z
      .string()
      .regex(/^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/, 'a tool name is 1 to 64 letters, digits, _ . or -'),
    description: z.string().max(2_000).optional(),
    /** A JSON Schema of the arguments (an object schema). */
    parameters: z.record(z.string(), z.unknown()),
  })
  .strict();
export type AiTool = z.infer<typeof aiToolSchema>;

const DATA_IMAGE = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** An image: an https URL of a public host, or a base64 `data:image/*` URL of at most 5 MB. */
export const aiImageSchema = z.string().superRefine((value, ctx) => {
  if (value.startsWith('data:')) {
    const match = DATA_IMAGE.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'a data URL image must be data:image/<type>;base64,<data>' });
      return;
    }
    const b64 = match[2] as string;
    const bytes = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    if (bytes > AI_LIMITS.imageBytes)
      ctx.addIssue({ code: 'custom', message: `an image may be at most 5 MB (this one is ${bytes} bytes)` });
    return;
  }
  if (!value.startsWith('https://')) {
    ctx.addIssue({ code: 'custom', message: 'an image is an https URL or a data:image/* URL' });
    return;
  }
  const problem = publicTargetProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `image URL ${problem}` });
});

export function dataImageParts(value: string): { mimeType: string; data: string } | undefined {
  const match = DATA_IMAGE.exec(value);
  return match ? { mimeType: match[1] as string, data: match[2] as string } : undefined;
}

// Built on first use: a data command that asks for no structured output never pays for it.
let ajv: Ajv2020 | undefined;
const validator = () => (ajv ??= new Ajv2020({ strict: false, allErrors: true }));

/** Whether a JSON Schema compiles; the message when it does not. */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  try {
    validator().compile(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const aiGenerateParams = z
  .object({
    provider: aiProviderSchema.optional(),
    model: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,199}$/, 'a model id is letters, digits and . _ : / @ -')
      .optional()
      .describe('model id; default AI_DEFAULT_MODEL (or GEMINI_DEFAULT_MODEL for gemini)'),
    messages: z
      .array(aiMessageSchema)
      .min(1, 'at least one message')
      .max(AI_LIMITS.messages, `at most ${AI_LIMITS.messages} messages`),
    tools: z.array(aiToolSchema).max(AI_LIMITS.tools, `at most ${AI_LIMITS.tools} tools`).optional(),
    toolChoice: z
      .union([z.enum(['auto', 'none', 'required']), z.object({ name: z.string().min(1).max(64) }).strict()])
      .optional()
      .describe('auto, none, required, or {name} to force one tool'),
    response_format: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('a JSON Schema; the parsed, validated result is returned in `structured`'),
    maxTokens: z
      .number()
      .int()
      .min(1)
      .max(AI_LIMITS.maxTokens, `maxTokens may be at most ${AI_LIMITS.maxTokens}`)
      .describe('upper bound of generated tokens (1 to 16,384)'),
    fallback: z.boolean().optional().describe('false: never try the configured fallback provider'),
    images: z.array(aiImageSchema).max(16, 'at most 16 images').optional(),
    thinkingBudget: z
      .number()
      .int()
      .min(-1)
      .max(AI_LIMITS.maxTokens)
      .optional()
      .describe(
        'thinking tokens: 0 off, -1 dynamic, n a cap (the provider refuses what its model does not support)',
      ),
    timeoutMs: z
      .number()
      .int()
      .min(1_000)
      .max(AI_LIMITS.maxTimeoutMs, 'timeoutMs may be at most 120,000')
      .optional()
      .describe('time-out of the completion (default 60,000 ms, at most 120,000)'),
  })
  .strict()
  .superRefine((request, ctx) => {
    const characters = request.messages.reduce(
      (sum, m) =>
        sum +
        m.content.length +
        (m.toolCalls ?? []).reduce((s, c) => s + JSON.stringify(c.arguments).length, 0),
      0,
    );
    if (characters > AI_LIMITS.characters)
      ctx.addIssue({
        code: 'custom',
        path: ['messages'],
        message: `the messages hold ${characters} characters; at most ${AI_LIMITS.characters}`,
      });
    if (!request.messages.some((m) => m.role === 'user'))
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'at least one user message' });
    if (request.response_format) {
      const problem = jsonSchemaProblem(request.response_format);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['response_format'],
          message: `not a usable JSON Schema: ${problem}`,
        });
    }
    for (const [i, tool] of (request.tools ?? []).entries()) {
      const problem = jsonSchemaProblem(tool.parameters);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['tools', i, 'parameters'],
          message: `not a usable JSON Schema: ${problem}`,
        });
    }
    const choice = request.toolChoice;
    if (typeof choice === 'object' && !(request.tools ?? []).some((t) => t.name === choice.name))
      ctx.addIssue({ code: 'custom', path: ['toolChoice'], message: `no tool is named ${choice.name}` });
  });
export type AiGenerateRequest = z.infer<typeof aiGenerateParams>;

/** What a provider handler receives: the request with the provider and model settled. */
export type AiProviderRequest = Omit<AiGenerateRequest, 'provider' | 'model' | 'fallback'> & {
  model: string;
};

/** Parses a completion's text as JSON and validates it against the requested schema. */
export function structuredOutput(
  text: string | undefined,
  schema: Record<string, unknown>,
): { value: unknown } | { problem: string } {
  if (text === undefined) return { problem: 'the model returned no text for the structured output' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'the model returned text that is not JSON' };
  }
  const validate = validator().compile(schema);
  if (validate(value)) return { value };
  const first = validate.errors?.[0];
  return {
    problem:
      `the model's JSON does not match the schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim(),
  };
}

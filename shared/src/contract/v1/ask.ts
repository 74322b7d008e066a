// The Ask agent (docs/public-api.md, "Ask"): POST /v1/ask with `{ question }` answers the model's
// text, the sources of the data its tools read, the model that actually answered and the
// visitor's questions left today. GET /v1/ask/quota says what is left before asking.
import * as z from 'zod';

/** The fixed bounds of one question: none of them can be raised by a question or a tool result. */
export const ASK_LIMITS = {
  /** Questions a day for a visitor, and for a wallet holding HOLDER_PASS_THRESHOLD tokens. */
  visitorPerDay: 10,
  holderPerDay: 50,
  /** Model calls per question (the last one may not call tools). */
  rounds: 4,
  /** Tool calls run per round; further calls in the same round are refused. */
  toolCallsPerRound: 4,
  /** Tokens (prompt and completion, as the provider reports them) per question. */
  tokenBudget: 12_000,
  /** `max_tokens` of one model call. */
  maxTokensPerRound: 1_024,
  /** Characters of one tool result given to the model. */
  toolResultChars: 6_000,
  /** Characters of a question. */
  questionChars: 500,
} as const;

/** The line the server appends to every answer. */
export const NOT_ADVICE = 'Market data is not financial advice.';

export const askInputSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'ask a question')
      .max(ASK_LIMITS.questionChars, `a question is at most ${ASK_LIMITS.questionChars} characters`),
  })
  .strict();
export type AskInput = z.infer<typeof askInputSchema>;

/** Whose counter a question is taken from. */
export const askHolderStatusSchema = z.enum([
  /** No pass sent. */
  'none',
  /** A valid pass and a balance at least the threshold, read just now. */
  'holder',
  /** A valid pass, but the balance read just now is under the threshold. */
  'below-threshold',
  /** A valid pass, but the balance could not be read: counted as a visitor. */
  'balance-unreadable',
]);
export type AskHolderStatus = z.infer<typeof askHolderStatusSchema>;

export const askQuotaSchema = z
  .object({
    /** `holder` when the question counts against the holder's 50, else `visitor`. */
    kind: z.enum(['visitor', 'holder']),
    holder: askHolderStatusSchema,
    limit: z.number().int(),
    remaining: z.number().int(),
    /** The next 00:00 UTC, when the counters start again. */
    resetsAt: z.iso.datetime(),
  })
  .strict();
export type AskQuota = z.infer<typeof askQuotaSchema>;

export const askSourceSchema = z
  .object({
    /** The tool that read it. */
    tool: z.string(),
    /** The provider that answered (a provider name of docs/data-layer.md). */
    source: z.string(),
    fetchedAt: z.iso.datetime(),
  })
  .strict();
export type AskSource = z.infer<typeof askSourceSchema>;

export const aiRoutingSchema = z
  .object({
    requestedProvider: z.string(),
    /** The model asked for. */
    requestedModel: z.string(),
    actualProvider: z.string(),
    /** The model the provider says answered, which may differ from the one asked for. */
    actualModel: z.string(),
    fallback: z.boolean(),
    fallbackReason: z.string().optional(),
  })
  .strict();
export type AiRoutingAnswer = z.infer<typeof aiRoutingSchema>;

export const askAnswerSchema = z
  .object({
    /** The model's answer, followed by the not-advice line. */
    answer: z.string(),
    sources: z.array(askSourceSchema),
    /** Who answered: the routing of the last model call. */
    routing: aiRoutingSchema,
    usage: z
      .object({
        rounds: z.number().int(),
        toolCalls: z.number().int(),
        promptTokens: z.number().int(),
        completionTokens: z.number().int(),
        totalTokens: z.number().int(),
      })
      .strict(),
    /** True when the answer was cut by the round or token bounds. */
    truncated: z.boolean(),
    ...askQuotaSchema.shape,
  })
  .strict();
export type AskAnswer = z.infer<typeof askAnswerSchema>;

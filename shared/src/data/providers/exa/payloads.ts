// Exa API responses, from https://exa.ai/docs/reference/search, …/get-contents,
// …/find-similar-links and …/answer, with exa-labs/exa-js `src/index.ts` (the SDK's result types);
// per-URL statuses of /contents per https://exa.ai/docs/changelog/contents-endpoint-status-changes;
// error bodies per https://exa.ai/docs/reference/error-codes.
// Only what the layer reads is validated; `title`, `author` and `publishedDate` may be null.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

/** `costDollars`: `{total, search?, contents?}`, only the non-zero parts. */
const costSchema = z.looseObject({ total: num }).nullable().optional();

/** A result of /search, /findSimilar and /contents; a citation of /answer. */
export const exaResultSchema = z.looseObject({
  url: z.string(),
  id: str,
  title: str,
  publishedDate: str,
  author: str,
  score: num,
  text: str,
  highlights: z.array(z.string()).nullable().optional(),
  summary: str,
});
export type ExaResult = z.infer<typeof exaResultSchema>;

/** POST /search and POST /findSimilar. */
export const searchSchema = z.looseObject({
  requestId: str,
  results: z.array(exaResultSchema),
  costDollars: costSchema,
});

/** POST /contents: `statuses[]` per URL, `{id, status: "success" | "error", error?: {tag, httpStatusCode}}`. */
export const contentsSchema = z.looseObject({
  results: z.array(exaResultSchema),
  statuses: z
    .array(
      z.looseObject({
        id: z.string(),
        status: z.string(),
        error: z.looseObject({ tag: str, httpStatusCode: num }).nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  costDollars: costSchema,
});

/** POST /answer without `outputSchema`: a text `answer` and its `citations`. */
export const answerSchema = z.looseObject({
  answer: z.string(),
  citations: z.array(exaResultSchema).nullable().optional(),
  costDollars: costSchema,
});

/** Error bodies: `{requestId, error, tag}`; the SDK also accepts `{error, message}`. */
export const errorBodySchema = z.looseObject({ error: str, message: str, tag: str });

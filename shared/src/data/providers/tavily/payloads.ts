// Tavily API responses, from https://docs.tavily.com/documentation/api-reference/endpoint/search,
// …/endpoint/extract, …/endpoint/map and …/endpoint/usage, with tavily-ai/tavily-python
// (`tavily/tavily.py`) and the error bodies of
// https://help.tavily.com/articles/8645538886-understanding-http-errors.
// Only what the layer reads is validated; members the docs mark nullable or optional are so here.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

/** `usage` when the request sent `include_usage: true`. */
const usageSchema = z.looseObject({ credits: num }).nullable().optional();

/** POST /search: `results[]` of {title, url, content, score, raw_content, published_date (news)}; `answer` with include_answer. */
export const searchSchema = z.looseObject({
  answer: str,
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: str,
      content: str,
      score: num,
      raw_content: str,
      published_date: str,
    }),
  ),
  usage: usageSchema,
});

/** POST /extract: `results[]` of {url, raw_content}, `failed_results[]` of {url, error}. */
export const extractSchema = z.looseObject({
  results: z.array(z.looseObject({ url: z.string(), raw_content: str })),
  failed_results: z
    .array(z.looseObject({ url: z.string(), error: str }))
    .nullable()
    .optional(),
  usage: usageSchema,
});

/** POST /map: `{base_url, results: string[]}` (URLs only). */
export const mapSchema = z.looseObject({
  base_url: str,
  results: z.array(z.string()),
  usage: usageSchema,
});

/** GET /usage: the key's credits this billing cycle and the account's plan; `limit` null when unlimited. */
export const usageEndpointSchema = z.looseObject({
  key: z.looseObject({ usage: num, limit: num }).nullable().optional(),
  account: z
    .looseObject({
      current_plan: str,
      plan_usage: num,
      plan_limit: num,
      paygo_usage: num,
      paygo_limit: num,
    })
    .nullable()
    .optional(),
});

/**
 * Error bodies: `{"detail": {"error": "<message>"}}` (the SDK reads `detail.error`); a request
 * failing validation may carry FastAPI's `{"detail": [{"msg": …}]}` or a plain `detail` string.
 */
export const errorBodySchema = z.looseObject({
  detail: z
    .union([z.looseObject({ error: str }), z.string(), z.array(z.looseObject({ msg: str }))])
    .nullable()
    .optional(),
});

// Firecrawl API v2 responses, from https://docs.firecrawl.dev/api-reference/endpoint/scrape,
// …/endpoint/search, …/endpoint/map and …/endpoint/credit-usage, with the server's own types
// (mendableai/firecrawl `apps/api/src/controllers/v2/types.ts`) and its error bodies
// (`{success: false, error, code?, details?}`). Only what the
// layer reads is validated.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

/** `Document.metadata`: title, description, the page's own status, an error, the credits used (v2). */
const metadataSchema = z
  .looseObject({
    title: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .optional(),
    description: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .optional(),
    sourceURL: str,
    url: str,
    statusCode: num,
    error: str,
    creditsUsed: num,
  })
  .nullable()
  .optional();
export type FirecrawlMetadata = z.infer<typeof metadataSchema>;

/** POST /v2/scrape: `{success: true, data: Document}` with the requested `markdown`. */
export const scrapeSchema = z.looseObject({
  success: z.boolean().optional(),
  data: z.looseObject({ markdown: str, metadata: metadataSchema }),
});

/** POST /v2/search: `{success, data: {web?: [{url, title, description, position, markdown?, metadata?}]}, creditsUsed}`. */
export const searchSchema = z.looseObject({
  success: z.boolean().optional(),
  data: z.looseObject({
    web: z
      .array(
        z.looseObject({
          url: z.string(),
          title: str,
          description: str,
          markdown: str,
          metadata: metadataSchema,
        }),
      )
      .nullable()
      .optional(),
  }),
  creditsUsed: num,
});

/** POST /v2/map: `{success, links: [{url, title?, description?}]}` (v1 answered plain strings; both read). */
export const mapSchema = z.looseObject({
  success: z.boolean().optional(),
  links: z.array(z.union([z.string(), z.looseObject({ url: z.string(), title: str })])),
  creditsUsed: num,
});

/** GET /v2/team/credit-usage: `{success, data: {remainingCredits, planCredits, billingPeriodStart, billingPeriodEnd}}`. */
export const creditUsageSchema = z.looseObject({
  success: z.boolean().optional(),
  data: z.looseObject({
    remainingCredits: num,
    planCredits: num,
    billingPeriodStart: str,
    billingPeriodEnd: str,
  }),
});

/** Error bodies: `{success: false, error, code?}`. */
export const errorBodySchema = z.looseObject({ error: str, code: str });

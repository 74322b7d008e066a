import * as z from 'zod';

/** One problem inside `error.details`: where, a stable code, and a readable message. */
export const errorDetailSchema = z.object({
  path: z.string().optional(),
  code: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The uniform error body of every REST error (docs/registry-api.md, Errors). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// The panels of every `/v1` answer (docs/public-api.md, "Sections"): each one a section with its
// own status and, when it has data, the provenance it came with (source, fetchedAt …), so that a
// reader always sees where a number came from and how old it is, and a failing source never
// blanks the others. Browser-safe: zod only.
import * as z from 'zod';
import { provenanceSchema, type Result } from '../result-schema.js';

export const sectionStatusSchema = z.enum(['LIVE', 'CACHED', 'UNAVAILABLE', 'ERROR']);

/** A section whose data has the given shape. */
export function sectionSchema<T extends z.ZodType>(data: T) {
  return z
    .object({
      status: sectionStatusSchema,
      data: data.optional(),
      provenance: provenanceSchema.optional(),
      code: z.string().optional(),
      reason: z.string().optional(),
    })
    .strict();
}

export type Section<T = unknown> = {
  status: z.infer<typeof sectionStatusSchema>;
  data?: T;
  provenance?: z.infer<typeof provenanceSchema>;
  code?: string;
  reason?: string;
};

/** An envelope of the data layer as a section: data with provenance, or the code and the reason. */
export function toSection<T = unknown>(result: Result, data?: (value: unknown) => T): Section<T> {
  if (result.status === 'LIVE' || result.status === 'CACHED')
    return {
      status: result.status,
      data: data ? data(result.data) : (result.data as T),
      provenance: result.provenance,
    };
  if (result.status === 'UNAVAILABLE')
    return { status: 'UNAVAILABLE', code: result.code, reason: result.reason };
  return { status: 'ERROR', code: result.code, reason: result.message };
}

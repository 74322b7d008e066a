// alternative.me's `GET /fng/` answer (https://alternative.me/crypto/fear-and-greed-index/,
// section "API", "Fear & Greed Index" endpoint):
// `{ name, data: [{ value, value_classification, timestamp, time_until_update? }], metadata: { error } }`.
// `value`, `timestamp` (unix seconds) and `time_until_update` (seconds, newest reading only) are
// strings; `metadata.error` is null, or the reason the request failed. Only what the layer reads
// is validated.
import * as z from 'zod';

const text = z.union([z.string(), z.number()]).nullable().optional();

export const fngReadingSchema = z.looseObject({
  value: text,
  value_classification: z.string().nullable().optional(),
  timestamp: text,
  time_until_update: text,
});

export const fngSchema = z.looseObject({
  name: z.string().nullable().optional(),
  data: z.array(fngReadingSchema).nullable().optional(),
  metadata: z.looseObject({ error: z.string().nullable().optional() }).nullable().optional(),
});

export type FngReading = z.infer<typeof fngReadingSchema>;

// The contract explainer (docs/public-api.md, "Contract explainer"): GET
// /v1/contract/:address/explanation. A model writes a plain-language explanation from the
// verified interface and the security flags; one is kept per contract for one day.
import * as z from 'zod';
import { aiRoutingSchema } from './ask.js';
import { sectionSchema } from './sections.js';

/** Shown with every explanation. */
export const EXPLANATION_NOTICE =
  'Written by an AI model from the verified interface and automated security flags. Not a source review or an audit.';

/** How long one explanation is kept. */
export const EXPLANATION_TTL_MS = 24 * 60 * 60_000;

/** What the model must return (structured output). */
export const contractExplanationSchema = z
  .object({
    summary: z.string().min(1).max(2_000),
    functions: z.array(z.object({ signature: z.string(), meaning: z.string() }).strict()).max(200),
    flags: z.array(z.object({ flag: z.string(), meaning: z.string() }).strict()).max(100),
  })
  .strict();
export type ContractExplanation = z.infer<typeof contractExplanationSchema>;

export const v1ExplanationSchema = z
  .object({
    address: z.string(),
    explanation: contractExplanationSchema,
    /** The model that wrote it (the routing member of the call). */
    model: aiRoutingSchema,
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** The security flags the model was given, as a section (its source, or why there were none). */
    flags: sectionSchema(z.record(z.string(), z.unknown())),
    notice: z.string(),
  })
  .strict();
export type V1Explanation = z.infer<typeof v1ExplanationSchema>;

// The errors of the AI procedures as the page shows them: the registry code the server put in the
// tRPC error's `data.code` (docs/public-api.md, "Holder pass, Ask and the contract explainer":
// QUOTA_EXCEEDED, NOT_VERIFIED, PASS_REFUSED, PASS_INVALID, BELOW_THRESHOLD, NOT_CONFIGURED,
// UPSTREAM_FAILED …) and its message.
import { TRPCClientError } from '@trpc/client';

export interface AiError {
  code: string | undefined;
  message: string;
}

export function aiError(error: unknown): AiError {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: unknown } | undefined)?.code;
    return { code: typeof code === 'string' ? code : undefined, message: error.message };
  }
  return { code: undefined, message: error instanceof Error ? error.message : String(error) };
}

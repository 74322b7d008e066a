// QuickNode debug_traceTransaction with callTracer: one recursive call frame
// (https://www.quicknode.com/docs/ethereum/debug_traceTransaction; geth callTracer docs).
import * as z from 'zod';

export interface CallFrame {
  type: string;
  from: string;
  to?: string | undefined;
  value?: string | undefined;
  gas?: string | undefined;
  gasUsed?: string | undefined;
  input?: string | undefined;
  output?: string | undefined;
  error?: string | undefined;
  revertReason?: string | undefined;
  calls?: CallFrame[] | undefined;
}

export const callFrameSchema: z.ZodType<CallFrame> = z.lazy(() =>
  z.looseObject({
    type: z.string(),
    from: z.string(),
    to: z.string().optional(),
    value: z.string().optional(),
    gas: z.string().optional(),
    gasUsed: z.string().optional(),
    input: z.string().optional(),
    output: z.string().optional(),
    error: z.string().optional(),
    revertReason: z.string().optional(),
    calls: z.array(callFrameSchema).optional(),
  }),
);

// QuickNode, the fallback RPC: core JSON-RPC plus traces with the call tracer
// (debug_traceTransaction; Robinhood has no trace_* methods).
import { hexToBigInt, type Hex } from 'viem';
import { ProviderError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { createRpcRuntime } from '../rpc-core/create-rpc-runtime.js';
import { callFrameSchema, type CallFrame } from './payloads.js';

interface Frame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gasUsed?: string;
  input?: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: Frame[];
}

function normalize(frame: CallFrame): Frame {
  const dec = (hex: string | undefined) => (hex ? hexToBigInt(hex as Hex).toString() : undefined);
  const out: Frame = { type: frame.type, from: frame.from };
  if (frame.to) out.to = frame.to;
  const value = dec(frame.value);
  if (value !== undefined) out.value = value;
  const gasUsed = dec(frame.gasUsed);
  if (gasUsed !== undefined) out.gasUsed = gasUsed;
  if (frame.input) out.input = frame.input;
  if (frame.output) out.output = frame.output;
  if (frame.error) out.error = frame.error;
  if (frame.revertReason) out.revertReason = frame.revertReason;
  if (frame.calls?.length) out.calls = frame.calls.map(normalize);
  return out;
}

export const createQuicknodeProvider: ProviderFactory = (endpoint, context) =>
  createRpcRuntime(endpoint, context, (rpc) => ({
    'onchain.trace': async (params) => {
      const raw = await rpc('debug_traceTransaction', [
        String(params.hash),
        { tracer: 'callTracer', tracerConfig: { onlyTopCall: false }, timeout: '10s' },
      ]);
      const frame = callFrameSchema.safeParse(raw);
      if (!frame.success)
        throw new ProviderError('failure', 'debug_traceTransaction: unexpected payload', {
          provider: 'quicknode',
        });
      return { data: normalize(frame.data) };
    },
  }));

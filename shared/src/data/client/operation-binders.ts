// How a client operation is bound to `run`: a capability's own parameters (`op`), only `fresh`
// (`freshOnly`), a composite of several capabilities (`composite`), and a run that carries the
// caller's `fresh` to every capability an operation asks (`withFresh`).
import type { z } from 'zod';
import type { CapabilityDefinition } from '../capabilities/define-capability.js';
import type { CompositeResult, Result } from '../../contract/result-schema.js';
import type { FreshOption } from './client-options.js';
import type { ClientRun, RunOptions } from './run-capability.js';

export type Operation<P extends z.ZodObject> = (params: z.input<P> & FreshOption) => Promise<Result>;

export function operationBinders(run: ClientRun) {
  const op =
    <P extends z.ZodObject>(capability: CapabilityDefinition<P>): Operation<P> =>
    (params) =>
      run(capability.name, params);
  const freshOnly =
    (name: string) =>
    (params: FreshOption & Record<string, unknown> = {}) =>
      run(name, params);
  const composite =
    <A extends Record<string, string>>(fn: (r: ClientRun, p: A) => Promise<CompositeResult>) =>
    (params: A & FreshOption) =>
      fn((name, p) => run(name, { ...p, fresh: params.fresh }), params);
  const withFresh =
    (fresh: boolean | undefined) => (name: string, params: Record<string, unknown>, options?: RunOptions) =>
      run(name, { ...params, fresh }, options);
  return { run, op, freshOnly, composite, withFresh };
}

export type OperationBinders = ReturnType<typeof operationBinders>;

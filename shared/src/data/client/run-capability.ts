// run(name, input): a capability by name, its parameters parsed (INVALID_INPUT names the bad ones),
// then routed: AI requests through their explicit routing (ai/generate.ts), wallet requests through
// the untrackable-address check (wallet/untrackable.ts), the rest straight to the router. A
// `provider` parameter or option pins one provider with no fallback. Never throws.
import type { z } from 'zod';
import type { AiGenerateRequest } from '../ai/ai-request.js';
import { generate, models } from '../ai/generate.js';
import type { CapabilityDefinition } from '../capabilities/define-capability.js';
import type { FailureKind } from '../errors/data-errors.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { route } from '../routing/route.js';
import { runWalletCapability } from '../wallet/untrackable.js';
import type { ClientCore } from './client-core.js';

export interface RunOptions {
  provider?: string;
  onFailure?: (provider: string, kind: FailureKind) => void;
}

export type ClientRun = (
  name: string,
  input?: Record<string, unknown>,
  routeOptions?: RunOptions,
) => Promise<Result>;

/** Parameters that do not parse, as one INVALID_INPUT envelope naming each path. */
function invalidParams(error: z.ZodError, name: string, redact: (text: string) => string): Result {
  const issues = error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`);
  return errorResult('INVALID_INPUT', redact(issues.join('; ')), [], name);
}

/** AI routing is explicit (ai/generate.ts); it comes back to `run` pinned to one provider. */
function routeAi(
  run: ClientRun,
  name: string,
  params: Record<string, unknown>,
  fresh: boolean,
  env: ClientCore['env'],
): Promise<Result> {
  return name === 'ai.generate'
    ? generate(run, params as AiGenerateRequest, env)
    : models(run, { provider: params.provider as string | undefined, fresh }, env);
}

export function createRun(core: ClientCore): ClientRun {
  const { byName, deps, chain, clock, redact, env } = core;
  const run: ClientRun = async (name, input = {}, routeOptions = {}) => {
    const capability: CapabilityDefinition | undefined = byName.get(name);
    if (!capability) return errorResult('INVALID_INPUT', `unknown capability ${name}`, []);
    const { fresh, ...rest } = input;
    const parsed = capability.params.safeParse(rest);
    if (!parsed.success) return invalidParams(parsed.error, name, redact);
    const params: Record<string, unknown> = parsed.data;
    if (capability.group === 'ai' && routeOptions.provider === undefined)
      return routeAi(run, name, params, fresh === true, env);
    // A `provider` parameter pins one provider with no fallback.
    const pin = routeOptions.provider ?? (typeof params.provider === 'string' ? params.provider : undefined);
    const proceed = () =>
      route(deps, capability, params, { fresh: fresh === true, ...routeOptions, provider: pin });
    if (capability.group !== 'wallet') return proceed();
    return runWalletCapability(name, parsed.data, {
      run: (n, p) => run(n, { ...p, fresh }),
      proceed,
      network: chain.key,
      now: () => clock.now(),
    });
  };
  return run;
}

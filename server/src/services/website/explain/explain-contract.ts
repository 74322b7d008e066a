// The contract explainer (docs/public-api.md, "Contract explainer"): a model writes a
// plain-language explanation of a contract from its verified interface (name, function and event
// signatures from the explorer) and its automated security flags, as structured output
// {summary, functions, flags}. One explanation per contract is kept for EXPLANATION_TTL_MS in
// `explanations`; reads filter on `expiresAt` against the app's clock. A contract without
// verified source is refused (NOT_VERIFIED) with no model call and nothing stored; an explorer
// that failed is UPSTREAM_FAILED, nothing stored. The answer carries EXPLANATION_NOTICE (not a
// source review or an audit) and the model that wrote it.
//
// Concurrent requests for one contract share one flight (the cache read, the model call and the
// store): one model call per concurrent burst. The flight is per process: servers sharing one
// database may each call the model once for the same contract.
import {
  contractExplanationSchema,
  EXPLANATION_NOTICE,
  EXPLANATION_TTL_MS,
  RegistryError,
  v1ExplanationSchema,
  type V1Explanation,
} from '@pkg/shared';
import { NO_DATA_REASON, type AiAnswer } from '@pkg/shared/data';
import type { AiDeps } from '../ai/ai-deps.js';
import { aiFailure } from '../ask/ai-failure.js';
import { EXPLAIN_SYSTEM_PROMPT, EXPLANATION_JSON_SCHEMA } from './explain-prompt.js';

/** Functions and events given to the model (the structured output lists at most 200 functions). */
const MAX_FUNCTIONS = 200;
const MAX_EVENTS = 100;
const MAX_TOKENS = 2_048;
const TIMEOUT_MS = 90_000;

type Flight = Promise<V1Explanation>;

/**
 * The stored explanation of a contract, or a new one. `beforeModelCall` runs just before the
 * model is called (it takes the visitor's AI call of the day and may throw QUOTA_EXCEEDED); it
 * returns a release called when the call fails.
 */
export async function explainContract(
  deps: AiDeps,
  address: string,
  beforeModelCall: () => Promise<() => Promise<void>>,
): Promise<V1Explanation> {
  const key = address.toLowerCase();
  const map = deps.explaining as Map<string, Flight>;
  const joined = map.get(key);
  if (joined) {
    try {
      return await joined;
    } catch (error) {
      // Another visitor's quota stopped that flight; this visitor's own may not.
      if (error instanceof RegistryError && error.code === 'QUOTA_EXCEEDED')
        return explainContract(deps, key, beforeModelCall);
      throw error;
    }
  }
  const flight: Flight = explainOnce(deps, key, beforeModelCall).finally(() => {
    if (map.get(key) === flight) map.delete(key);
  });
  map.set(key, flight);
  return flight;
}

async function stored(deps: AiDeps, key: string): Promise<V1Explanation | undefined> {
  const doc = await deps.models.Explanation.findOne({ _id: key, expiresAt: { $gt: deps.clock() } }).lean();
  if (!doc) return undefined;
  const parsed = v1ExplanationSchema.safeParse(doc.answer);
  return parsed.success ? parsed.data : undefined;
}

async function explainOnce(
  deps: AiDeps,
  key: string,
  beforeModelCall: () => Promise<() => Promise<void>>,
): Promise<V1Explanation> {
  const kept = await stored(deps, key);
  if (kept) return kept;

  const facts = await deps.v1('contract', { address: key });
  const { verified, security } = facts;
  // Every explorer answered that it has no verified source: the contract cannot be explained.
  // An explorer that is not configured (or not offered) is the operator's to fix, not the contract's.
  if (verified.status === 'UNAVAILABLE' && verified.reason === NO_DATA_REASON)
    throw new RegistryError(
      'NOT_VERIFIED',
      'This contract has no verified source, so it cannot be explained.',
    );
  if (verified.status === 'UNAVAILABLE')
    throw new RegistryError(
      'NOT_CONFIGURED',
      `No explorer can read this contract's verified source: ${verified.reason ?? 'not configured'}.`,
    );
  if (verified.status === 'ERROR' || !verified.data)
    throw new RegistryError(
      'UPSTREAM_FAILED',
      `The explorer did not answer for this contract: ${verified.reason ?? verified.code ?? 'no data'}`,
    );
  const contract = verified.data;
  const input = {
    name: contract.name ?? null,
    functions: contract.functions.slice(0, MAX_FUNCTIONS),
    events: contract.events.slice(0, MAX_EVENTS),
    flags: security.data ?? { status: security.status, reason: security.reason ?? null },
  };

  const release = await beforeModelCall();
  let answer: AiAnswer;
  let explanation;
  try {
    const result = await deps.data.ai.generate({
      messages: [
        { role: 'system', content: EXPLAIN_SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(input) },
      ],
      response_format: EXPLANATION_JSON_SCHEMA,
      maxTokens: MAX_TOKENS,
      timeoutMs: TIMEOUT_MS,
    });
    if (result.status !== 'LIVE' && result.status !== 'CACHED') throw aiFailure(result);
    answer = result.data as AiAnswer;
    const parsed = contractExplanationSchema.safeParse(answer.structured);
    if (!parsed.success)
      throw new RegistryError(
        'UPSTREAM_FAILED',
        'The AI provider did not answer: the explanation had not the expected shape',
      );
    explanation = parsed.data;
  } catch (error) {
    await release();
    throw error;
  }

  const createdAt = deps.clock();
  const expiresAt = new Date(createdAt.getTime() + EXPLANATION_TTL_MS);
  const value = v1ExplanationSchema.parse({
    address: key,
    explanation,
    model: answer.routing,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    flags: security,
    notice: EXPLANATION_NOTICE,
  });
  await deps.models.Explanation.replaceOne(
    { _id: key },
    { _id: key, answer: value, createdAt, expiresAt },
    { upsert: true },
  );
  deps.log.info({ functions: explanation.functions.length }, 'contract explained');
  return value;
}

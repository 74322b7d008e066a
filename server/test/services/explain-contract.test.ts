// The contract explainer (docs/public-api.md, "Contract explainer") against the real server's
// dependencies and the vendor doubles: Blockscout's smart-contract record (ROUTER verified, TOKEN
// not), GoPlus's address flags, and the OpenRouter double answering the structured output
// (https://openrouter.ai/docs/features/structured-outputs: the JSON text is the message content).
// One explanation per contract kept one day (fake clock), one model call per concurrent burst,
// no model call and nothing stored for an unverified contract or a failed explorer.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { EXPLANATION_NOTICE, RegistryError } from '@pkg/shared';
import { OPENROUTER_MODEL, OR_COMPLETIONS, ROUTER, TOKEN, type Doubles } from '@pkg/shared/testing';
import { explainContract } from '../../src/services/website/explain/explain-contract.js';
import {
  ROUTER_EXPLANATION,
  aiFakeClock,
  resetExplainer,
  startAiTestServer,
  type AiTestServer,
} from '../helpers/ai-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

let stack: AiTestServer;
let d: Doubles;
let server: TestServer;
const clock = aiFakeClock();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The visitor's AI call of the day, as the procedure passes it: counted here. */
function allowance() {
  const counts = { taken: 0, released: 0 };
  const take = () => {
    counts.taken++;
    return Promise.resolve(() => {
      counts.released++;
      return Promise.resolve();
    });
  };
  return { counts, take };
}

const completions = () => d.openrouter.count(OR_COMPLETIONS);
const storedCount = (address: string) =>
  server.deps.models.Explanation.countDocuments({ _id: address.toLowerCase() });

beforeAll(async () => {
  stack = await startAiTestServer(() => new Date(clock.now()));
  ({ d, server } = stack);
});
beforeEach(() => resetExplainer(stack));
afterAll(async () => {
  await stack?.close();
});

describe('explainContract', () => {
  test('kept for one day: the same answer until it expires, then one new model call', async () => {
    const deps = server.deps.ai;
    const visitor = allowance();
    const first = await explainContract(deps, ROUTER, visitor.take);
    expect(completions()).toBe(1);
    expect(first.createdAt).toBe(new Date(clock.now()).toISOString());
    expect(Date.parse(first.expiresAt) - Date.parse(first.createdAt)).toBe(24 * HOUR);
    expect(await storedCount(ROUTER)).toBe(1);

    clock.advance(23 * HOUR + 59 * MINUTE);
    const again = await explainContract(deps, ROUTER, visitor.take);
    expect(again).toEqual(first);
    expect(completions()).toBe(1);

    clock.advance(2 * MINUTE);
    const renewed = await explainContract(deps, ROUTER, visitor.take);
    expect(completions()).toBe(2);
    expect(renewed.createdAt).toBe(new Date(clock.now()).toISOString());
    expect(visitor.counts).toEqual({ taken: 2, released: 0 });
  });

  test('ten concurrent requests make one model call and get the same answer', async () => {
    const deps = server.deps.ai;
    const visitor = allowance();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => explainContract(deps, ROUTER, visitor.take)),
    );
    expect(completions()).toBe(1);
    expect(visitor.counts.taken).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  test('the answer: the explanation, the notice, the model that wrote it, the flags section', async () => {
    const answer = await explainContract(
      server.deps.ai,
      ROUTER.toUpperCase().replace('0X', '0x'),
      allowance().take,
    );
    expect(answer.address).toBe(ROUTER.toLowerCase());
    expect(answer.explanation).toEqual(ROUTER_EXPLANATION);
    expect(answer.notice).toBe(EXPLANATION_NOTICE);
    expect(answer.notice).toMatch(/Not a source review or an audit/);
    expect(answer.model).toMatchObject({
      actualProvider: 'openrouter',
      actualModel: OPENROUTER_MODEL,
      fallback: false,
    });
    expect(answer.flags).toMatchObject({
      status: expect.stringMatching(/^(LIVE|CACHED)$/),
      provenance: { source: 'goplus' },
    });

    const body = d.openrouter.calls.find((c) => OR_COMPLETIONS.test(c.path))?.body as {
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { schema: { required: string[] } } };
      max_tokens: number;
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toEqual(['summary', 'functions', 'flags']);
    expect(body.max_tokens).toBe(2_048);
    // The verified interface is data in the user message, never in the system prompt.
    const [system, user] = body.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).not.toMatch(/UniversalRouter|execute\(\)/);
    expect(user?.role).toBe('user');
    expect(JSON.parse(user?.content ?? '{}')).toMatchObject({
      name: 'UniversalRouter',
      functions: [{ signature: 'execute()', stateMutability: 'payable' }],
      events: [],
    });
  });

  test('an unverified contract cannot be explained: no model call, nothing stored', async () => {
    const visitor = allowance();
    const error = await explainContract(server.deps.ai, TOKEN, visitor.take).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect(error).toMatchObject({
      code: 'NOT_VERIFIED',
      status: 404,
      message: 'This contract has no verified source, so it cannot be explained.',
    });
    expect(completions()).toBe(0);
    expect(visitor.counts.taken).toBe(0);
    expect(await server.deps.models.Explanation.countDocuments({})).toBe(0);
  });

  test('an explorer that failed is UPSTREAM_FAILED: no model call, nothing stored', async () => {
    const other = '0x00000000000000000000000000000000000000b2';
    // Blockscout's error body for a server failure, as its double answers it.
    d.blockscout.failNext.push(
      { status: 500, body: { message: 'Internal Server Error' } },
      { status: 500, body: { message: 'Internal Server Error' } },
    );
    const visitor = allowance();
    const error = await explainContract(server.deps.ai, other, visitor.take).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', status: 502 });
    expect(completions()).toBe(0);
    expect(visitor.counts.taken).toBe(0);
    expect(await server.deps.models.Explanation.countDocuments({})).toBe(0);
  });

  test('a model that failed gives the AI call back and stores nothing', async () => {
    // OpenRouter's error body (https://openrouter.ai/docs/api-reference/errors-and-debugging).
    d.openrouter.failNext.push(
      { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } },
      { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } },
      { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } },
    );
    const visitor = allowance();
    const error = await explainContract(server.deps.ai, ROUTER, visitor.take).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', status: 502 });
    expect((error as Error).message).toMatch(/^The AI provider did not answer/);
    expect((error as Error).message).not.toContain(d.env.OPENROUTER_API_KEY as string);
    expect(visitor.counts).toEqual({ taken: 1, released: 1 });
    expect(await server.deps.models.Explanation.countDocuments({})).toBe(0);
  });
});

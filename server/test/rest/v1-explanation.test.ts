// GET /v1/contract/:address/explanation (docs/public-api.md, "Contract explainer") over REST
// against the real server and the vendor doubles: Blockscout's smart-contract record (ROUTER
// verified, TOKEN not), GoPlus's address flags, and the OpenRouter double answering the structured
// output (https://openrouter.ai/docs/features/structured-outputs). The same explanation twice for
// one model call, one model call for ten concurrent requests, and an unverified contract 404
// NOT_VERIFIED in the uniform error body with no model call and nothing stored.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { EXPLANATION_NOTICE } from '@pkg/shared';
import {
  OPENROUTER_BARE_MODEL,
  OPENROUTER_MODEL,
  OR_COMPLETIONS,
  ROUTER,
  TOKEN,
  type Doubles,
} from '@pkg/shared/testing';
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

const completions = () => d.openrouter.count(OR_COMPLETIONS);
const explanationUrl = (address: string) => `${server.url}/v1/contract/${address}/explanation`;

beforeAll(async () => {
  stack = await startAiTestServer(() => new Date(clock.now()));
  ({ d, server } = stack);
});
beforeEach(() => resetExplainer(stack));
afterAll(async () => {
  await stack?.close();
});

describe('GET /v1/contract/:address/explanation', () => {
  test('twice: the same body, one model call', async () => {
    const first = await fetch(explanationUrl(ROUTER));
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      address: ROUTER.toLowerCase(),
      explanation: ROUTER_EXPLANATION,
      notice: EXPLANATION_NOTICE,
      model: { actualModel: OPENROUTER_MODEL },
      flags: { provenance: { source: 'goplus' } },
    });
    const second = await fetch(explanationUrl(ROUTER));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(body);
    expect(completions()).toBe(1);
  });

  test('OpenRouter answers with another model than requested: the explanation names the model that answered', async () => {
    // The structured answer as a chat-completions response whose `model` names another model.
    d.openrouter.replies.push({ content: JSON.stringify(ROUTER_EXPLANATION), model: OPENROUTER_BARE_MODEL });
    const first = await fetch(explanationUrl(ROUTER));
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      explanation: ROUTER_EXPLANATION,
      model: {
        requestedProvider: 'openrouter',
        requestedModel: OPENROUTER_MODEL,
        actualProvider: 'openrouter',
        actualModel: OPENROUTER_BARE_MODEL,
        fallback: false,
      },
    });
    expect(d.openrouter.calls.filter((c) => OR_COMPLETIONS.test(c.path))[0]?.body?.model).toBe(
      OPENROUTER_MODEL,
    );
    // The stored explanation keeps naming it.
    expect(await (await fetch(explanationUrl(ROUTER))).json()).toEqual(body);
    expect(completions()).toBe(1);
  });

  test('ten concurrent requests: one model call, one answer', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => fetch(explanationUrl(ROUTER))));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(completions()).toBe(1);
  });

  test('an unverified contract: 404 NOT_VERIFIED in the uniform error body, no model call, nothing stored', async () => {
    const res = await fetch(explanationUrl(TOKEN));
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'NOT_VERIFIED',
      message: 'This contract has no verified source, so it cannot be explained.',
    });
    expect(completions()).toBe(0);
    expect(await server.deps.models.Explanation.countDocuments({})).toBe(0);
  });
});

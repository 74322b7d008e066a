// POST /v1/ask names the model that answered (docs/public-api.md, "Ask"): `routing.actualModel` is
// the model OpenRouter says answered, which its router and model fallbacks can make another than
// the one asked for; `requestedModel` stays the one asked for (AI_DEFAULT_MODEL). The model is the
// OpenRouter double, scripted with a tool call (https://openrouter.ai/docs/features/tool-calling)
// and a text reply (the chat-completions response of
// https://openrouter.ai/docs/api-reference/overview), whose `model` names another catalogued model.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { NOT_ADVICE } from '@pkg/shared';
import { OPENROUTER_BARE_MODEL, OPENROUTER_MODEL, OR_COMPLETIONS, type Doubles } from '@pkg/shared/testing';
import { aiFakeClock, startAiTestServer, type AiTestServer } from '../helpers/ai-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

let stack: AiTestServer;
let d: Doubles;
let server: TestServer;
const clock = aiFakeClock();

beforeAll(async () => {
  stack = await startAiTestServer(() => new Date(clock.now()));
  ({ d, server } = stack);
});
beforeEach(() => d.reset());
afterAll(async () => {
  await stack?.close();
});

const ask = (question: string) =>
  fetch(`${server.url}/v1/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });

describe('POST /v1/ask', () => {
  test('OpenRouter answers with another model than requested: the answer names the model that answered', async () => {
    d.openrouter.replies.push(
      { toolCalls: [{ name: 'odds', arguments: '{}' }] },
      { content: 'The Fed odds lean to a hold.', model: OPENROUTER_BARE_MODEL },
    );
    const res = await ask('What are the Fed odds?');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      answer: `The Fed odds lean to a hold.\n\n${NOT_ADVICE}`,
      routing: {
        requestedProvider: 'openrouter',
        requestedModel: OPENROUTER_MODEL,
        actualProvider: 'openrouter',
        actualModel: OPENROUTER_BARE_MODEL,
        fallback: false,
      },
      usage: { rounds: 2, toolCalls: 1 },
      truncated: false,
    });
    expect(body.routing).not.toHaveProperty('fallbackReason');
    // Both model calls asked for the configured model.
    const asked = d.openrouter.calls.filter((c) => OR_COMPLETIONS.test(c.path)).map((c) => c.body?.model);
    expect(asked).toEqual([OPENROUTER_MODEL, OPENROUTER_MODEL]);
  });

  test('OpenRouter names the requested model: actualModel is the requested one', async () => {
    d.openrouter.replies.push({ content: 'PKG trades on Uniswap.' });
    const res = await ask('Where does PKG trade?');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      routing: { requestedModel: OPENROUTER_MODEL, actualModel: OPENROUTER_MODEL, fallback: false },
    });
  });
});

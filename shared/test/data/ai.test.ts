// The AI providers, OpenRouter (primary) and Gemini (secondary), through the real client against
// their doubles: every AI row of the error table (status, code, provider state, retries seen by
// the double), explicit routing with the configured fallback (only when both variables are set
// and the request does not say fallback: false, never after 400/401/429), the request limits
// refused before any request, each vendor's request form (messages, tool calls and results,
// tools, toolChoice, structured output, images, thinking budget, time-out), the answer (text,
// tool calls and usage exactly as sent, structured output validated), completions never cached,
// model lists cached and filtered, and no key anywhere in a result (Gemini's only in its header).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { geminiDescriptor } from '../../src/data/providers/gemini/descriptor.js';
import { openrouterDescriptor } from '../../src/data/providers/openrouter/descriptor.js';
import { resultSchema, type Result } from '../../src/contract/result-schema.js';
import {
  GEMINI_EMBEDDING_MODEL,
  GEMINI_MODEL,
  GEMINI_VISION_MODEL,
  GM_GENERATE,
  GM_MODELS,
  googleError,
  startGeminiServer,
  type GeminiDouble,
} from '../vendors/gemini-server.js';
import {
  OPENROUTER_BARE_MODEL,
  OPENROUTER_MODEL,
  OPENROUTER_UPSTREAM,
  OPENROUTER_VISION_MODEL,
  OR_COMPLETIONS,
  OR_MODELS,
  orError,
  startOpenrouterServer,
  type OpenrouterDouble,
} from '../vendors/openrouter-server.js';
import { fakeClock } from './doubles.js';

const OR_KEY = 'sk-or-v1-0123456789abcdef0123456789abcdefSECRET';
const GM_KEY = 'AIzaSyD-0123456789abcdefGHIJKLmnoSECRET';

let or: OpenrouterDouble;
let gm: GeminiDouble;
beforeAll(async () => {
  [or, gm] = await Promise.all([startOpenrouterServer(OR_KEY), startGeminiServer(GM_KEY)]);
});
afterAll(() => Promise.all([or.close(), gm.close()]));
beforeEach(() => {
  or.reset();
  gm.reset();
});

/** A client on both doubles; a variable set to null is left out. */
function client(overrides: Partial<Record<keyof DataEnv, string | null>> = {}) {
  const env: Record<string, string | null> = {
    OPENROUTER_BASE_URL: or.baseUrl,
    OPENROUTER_API_KEY: OR_KEY,
    GEMINI_BASE_URL: gm.baseUrl,
    GEMINI_API_KEY: GM_KEY,
    AI_DEFAULT_MODEL: OPENROUTER_MODEL,
    PKG_NET_ALLOW_PRIVATE: '1',
    ...overrides,
  };
  return createDataClient({
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== null)) as DataEnv,
    providers: [openrouterDescriptor, geminiDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}
type Client = ReturnType<typeof client>;

const ASK = { messages: [{ role: 'user' as const, content: 'Is this pool safe to trade?' }], maxTokens: 256 };
const GEMINI = { provider: 'gemini' as const, model: GEMINI_MODEL };
const VERDICT_SCHEMA = {
  type: 'object',
  properties: { verdict: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } },
  required: ['verdict', 'reasons'],
  additionalProperties: false,
};
const PRICE_TOOL = {
  name: 'get_price',
  description: 'The USD price of a token symbol.',
  parameters: {
    type: 'object',
    properties: { symbol: { type: 'string' }, limit: { type: ['integer', 'null'], default: null } },
    required: ['symbol'],
  },
};
/** A 1×1 PNG. */
const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_B64}`;
const HTTPS_IMAGE = 'https://images.example.com/chart.png';

const state = (c: Client, id: string) => c.providers.list().find((p) => p.id === id)?.state;
const data = (result: Result) =>
  result.status === 'LIVE' || result.status === 'CACHED'
    ? (result.data as Record<string, unknown>)
    : undefined;
const orBodies = () => or.calls.filter((c) => OR_COMPLETIONS.test(c.path)).map((c) => c.body ?? {});
const gmBodies = () => gm.calls.filter((c) => GM_GENERATE.test(c.path)).map((c) => c.body ?? {});

/** No key in what the layer returned; Gemini's never in a URL the double saw. */
function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(OR_KEY);
  expect(text).not.toContain(GM_KEY);
  for (const call of gm.calls) {
    expect(call.keyInUrl).toBe(false);
    expect(call.url).not.toContain(GM_KEY);
  }
  for (const call of or.calls) expect(call.path).not.toContain(OR_KEY);
}

describe('openrouter: completions', () => {
  test('a live completion: text, finish reason, model and upstream as returned, usage exactly as reported, routing, global provenance', async () => {
    const c = client();
    const result = await c.ai.generate(ASK);
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'openrouter', chain: 'global', fresh: true },
      data: {
        text: 'The pool has low liquidity; trade small.',
        finishReason: 'stop',
        model: OPENROUTER_MODEL,
        upstreamProvider: OPENROUTER_UPSTREAM,
        responseId: 'gen-1757000000-AbCdEfGh',
        routing: {
          requestedProvider: 'openrouter',
          requestedModel: OPENROUTER_MODEL,
          actualProvider: 'openrouter',
          actualModel: OPENROUTER_MODEL,
          fallback: false,
        },
      },
    });
    if (result.status !== 'LIVE') throw new Error('not live');
    expect(result.provenance).not.toHaveProperty('chainId');
    // Never cached: no expiry.
    expect(result.provenance).not.toHaveProperty('expiresAt');
    // The double's usage, member for member (prompt_tokens 194, completion_tokens 18,
    // total_tokens 212, reasoning_tokens 7, cost 0.0000952).
    expect(data(result)?.usage).toEqual({
      promptTokens: 194,
      completionTokens: 18,
      totalTokens: 212,
      reasoningTokens: 7,
      cost: 0.0000952,
    });
    expect(data(result)).not.toHaveProperty('toolCalls');
    expect(data(result)).not.toHaveProperty('structured');
    expect(data(result)?.routing).not.toHaveProperty('fallbackReason');
    expect(or.calls).toHaveLength(1);
    expect(or.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/chat/completions',
      authorization: `Bearer ${OR_KEY}`,
    });
    expect(or.calls[0]?.body).toEqual({
      model: OPENROUTER_MODEL,
      messages: [{ role: 'user', content: 'Is this pool safe to trade?' }],
      max_tokens: 256,
    });
    expect(gm.requests).toBe(0);
    expectNoSecret(result);
    await c.close();
  });

  test('messages, tool calls, tool results, tools, toolChoice and reasoning in OpenRouter’s form; tool calls and usage passed through unchanged', async () => {
    const c = client();
    const result = await c.ai.generate({
      messages: [
        { role: 'system', content: 'You are a careful trading assistant.' },
        { role: 'user', content: 'What is EXM worth?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'get_price', arguments: { symbol: 'EXM' } }],
        },
        { role: 'tool', toolCallId: 'call_1', name: 'get_price', content: '{"usd":1.5}' },
        { role: 'user', content: 'And again, please.' },
      ],
      tools: [PRICE_TOOL],
      toolChoice: { name: 'get_price' },
      thinkingBudget: 2048,
      maxTokens: 512,
    });
    expect(result.status).toBe('LIVE');
    // `arguments` JSON text {"symbol":"EXM","limit":null} parsed, the null kept.
    expect(data(result)?.toolCalls).toEqual([
      { id: 'call_0001', name: 'get_price', arguments: { symbol: 'EXM', limit: null } },
    ]);
    expect(data(result)?.finishReason).toBe('tool_calls');
    expect(data(result)).not.toHaveProperty('text');
    expect(data(result)?.usage).toEqual({
      promptTokens: 194,
      completionTokens: 18,
      totalTokens: 212,
      reasoningTokens: 7,
      cost: 0.0000952,
    });
    expect(orBodies()[0]).toEqual({
      model: OPENROUTER_MODEL,
      messages: [
        { role: 'system', content: 'You are a careful trading assistant.' },
        { role: 'user', content: 'What is EXM worth?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_price', arguments: '{"symbol":"EXM"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"usd":1.5}', name: 'get_price' },
        { role: 'user', content: 'And again, please.' },
      ],
      max_tokens: 512,
      tools: [{ type: 'function', function: PRICE_TOOL }],
      tool_choice: { type: 'function', function: { name: 'get_price' } },
      reasoning: { max_tokens: 2048 },
    });
    for (const [choice, budget, sent] of [
      ['auto', 0, { effort: 'none' }],
      ['none', -1, { enabled: true }],
      ['required', 1, { max_tokens: 1 }],
    ] as const) {
      const r = await c.ai.generate({
        ...ASK,
        tools: [PRICE_TOOL],
        toolChoice: choice,
        thinkingBudget: budget,
      });
      expect(r.status).toBe('LIVE');
      expect(orBodies().at(-1)).toMatchObject({ tool_choice: choice, reasoning: sent });
    }
    await c.close();
  });

  test('a tool result without toolCallId is INVALID_INPUT with zero requests', async () => {
    const c = client();
    const result = await c.ai.generate({
      messages: [
        { role: 'user', content: 'What is EXM worth?' },
        { role: 'tool', name: 'get_price', content: '{"usd":1.5}' },
      ],
      maxTokens: 64,
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(or.requests).toBe(0);
    await c.close();
  });

  test('structured output: response_format sent as a strict json_schema, the answer parsed and validated into `structured`; a mismatch or non-JSON refused', async () => {
    const c = client();
    const result = await c.ai.generate({ ...ASK, response_format: VERDICT_SCHEMA });
    expect(result.status).toBe('LIVE');
    expect(data(result)?.structured).toEqual({ verdict: 'caution', reasons: ['low liquidity'] });
    expect(data(result)?.text).toBe('{"verdict":"caution","reasons":["low liquidity"]}');
    expect(orBodies()[0]?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', strict: true, schema: VERDICT_SCHEMA },
    });

    or.structuredText = '{"verdict":42}';
    const mismatch = await c.ai.generate({ ...ASK, response_format: VERDICT_SCHEMA });
    expect(mismatch).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(mismatch.status === 'ERROR' && mismatch.message).toMatch(/does not match the schema/);

    or.structuredText = 'Sure! Here is the JSON you asked for.';
    const prose = await c.ai.generate({ ...ASK, response_format: VERDICT_SCHEMA });
    expect(prose).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(prose.status === 'ERROR' && prose.message).toMatch(/not JSON/);
    // A refusal is final: not retried, the provider stays eligible.
    expect(orBodies()).toHaveLength(3);
    expect(state(c, 'openrouter')?.status).toBe('eligible');
    await c.close();
  });

  test('images reach OpenRouter as image_url parts of the last user message, https and data: URLs alike', async () => {
    const c = client();
    const result = await c.ai.generate({
      messages: [
        { role: 'user', content: 'First look.' },
        { role: 'assistant', content: 'Send the chart.' },
        { role: 'user', content: 'Here it is.' },
      ],
      images: [HTTPS_IMAGE, PNG_DATA_URL],
      maxTokens: 64,
      model: OPENROUTER_VISION_MODEL,
    });
    expect(result.status).toBe('LIVE');
    expect(orBodies()[0]?.messages).toEqual([
      { role: 'user', content: 'First look.' },
      { role: 'assistant', content: 'Send the chart.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here it is.' },
          { type: 'image_url', image_url: { url: HTTPS_IMAGE } },
          { type: 'image_url', image_url: { url: PNG_DATA_URL } },
        ],
      },
    ]);
    expect(data(result)?.model).toBe(OPENROUTER_VISION_MODEL);
    await c.close();
  });

  test('completions are never cached: two identical calls are two requests', async () => {
    const c = client();
    const first = await c.ai.generate(ASK);
    const second = await c.ai.generate(ASK);
    expect([first.status, second.status]).toEqual(['LIVE', 'LIVE']);
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    await c.close();
  });

  test('without OPENROUTER_API_KEY: ai.generate is UNAVAILABLE naming the variable with zero requests; the model list still answers, keyless', async () => {
    const c = client({ OPENROUTER_API_KEY: null });
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
    expect(JSON.stringify(result)).toContain('needs OPENROUTER_API_KEY');
    expect(or.requests).toBe(0);
    const models = await c.ai.models();
    expect(models.status).toBe('LIVE');
    expect(or.calls).toHaveLength(1);
    expect(or.calls[0]?.authorization).toBeUndefined();
    const health = await c.providers.health();
    expect(health.sections.openrouter).toMatchObject({
      status: 'LIVE',
      data: { keyConfigured: false, models: 3 },
    });
    await c.close();
  });

  test('health: GET /key with the key, its limits reported and its masked label left out', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.openrouter).toMatchObject({
      status: 'LIVE',
      data: {
        keyConfigured: true,
        keyAccepted: true,
        limit: 25,
        limitRemaining: 19.5,
        usage: 5.5,
        freeTier: false,
      },
    });
    expect(JSON.stringify(health.sections.openrouter)).not.toContain('sk-or-v1-abc');
    expect(or.calls.map((call) => call.path)).toEqual(['/api/v1/key']);
    expect(health.sections.gemini).toMatchObject({
      status: 'LIVE',
      data: { keyAccepted: true, models: 1, morePages: true },
    });
    expect(gm.calls[0]?.query).toEqual({ pageSize: '1' });
    expectNoSecret(health);
    await c.close();
  });
});

describe('openrouter: the error table', () => {
  test('401: auth_failed, not retried, then skipped with no request; no key in the result', async () => {
    const c = client({ OPENROUTER_API_KEY: 'sk-or-v1-wrongwrongwrongwrongWRONG' });
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(result.status === 'ERROR' && result.attemptedProviders[0]?.error).toMatch(
      /auth_failed: key rejected.*HTTP 401 User not found/,
    );
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    expect(state(c, 'openrouter')?.status).toBe('auth_failed');
    const again = await c.ai.generate(ASK);
    expect(again.status).toBe('UNAVAILABLE');
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    expectNoSecret([result, again]);
    expect(JSON.stringify(result)).not.toContain('wrongwrong');
    await c.close();
  });

  test('429 with Retry-After 1: retried once after waiting, and served', async () => {
    const c = client();
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 429,
      body: orError(429, 'Rate limit exceeded: free-models-per-min.'),
      headers: { 'retry-after': '1' },
    });
    const result = await c.ai.generate(ASK);
    expect(result.status).toBe('LIVE');
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    expect(state(c, 'openrouter')).toMatchObject({ status: 'eligible', consecutiveFailures: 0 });
    await c.close();
  });

  test('429 with Retry-After 30: RATE_LIMITED, not retried', async () => {
    const c = client();
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 429,
      body: orError(429, 'Rate limit exceeded: free-models-per-day.'),
      headers: { 'retry-after': '30' },
    });
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(result.status === 'ERROR' && result.message + JSON.stringify(result.attemptedProviders)).toMatch(
      /free-models-per-day/,
    );
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    expect(state(c, 'openrouter')).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });
    expectNoSecret(result);
    await c.close();
  });

  test('400, 403, 404, 413, 422: PROVIDER_ERROR with the vendor’s message, not retried, provider still eligible', async () => {
    const c = client();
    const cases = [
      [400, 'vendor-x/unknown is not a valid model ID'],
      [403, 'Your input was flagged'],
      [404, 'No endpoints found for this model'],
      [413, 'Request entity too large'],
      [422, 'Unprocessable request'],
    ] as const;
    for (const [status, message] of cases) {
      or.reset();
      or.failNext.push({
        match: OR_COMPLETIONS,
        status,
        body: orError(
          status,
          message,
          status === 403 ? { reasons: ['harassment'], provider_name: 'Upstream' } : undefined,
        ),
      });
      const result = await c.ai.generate(ASK);
      expect(result, String(status)).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
      expect(result.status === 'ERROR' && result.message).toContain(`HTTP ${status} ${message}`);
      expect(or.count(OR_COMPLETIONS), String(status)).toBe(1);
      expect(state(c, 'openrouter')).toMatchObject({ status: 'eligible', consecutiveFailures: 0 });
      // The moderation refusal names its reasons.
      if (status === 403) expect(result.status === 'ERROR' && result.message).toMatch(/reasons: harassment/);
      expectNoSecret(result);
    }
    await c.close();
  });

  test('an unknown model: the vendor’s own 400, PROVIDER_ERROR', async () => {
    const c = client();
    const result = await c.ai.generate({ ...ASK, model: 'vendor-x/unknown' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toMatch(/vendor-x\/unknown is not a valid model ID/);
    await c.close();
  });

  test('402 (credits): a provider failure, not retried', async () => {
    const c = client();
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 402,
      body: orError(402, 'Insufficient credits. Add more using https://openrouter.ai/settings/credits'),
    });
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toMatch(/out of credits/);
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    expect(state(c, 'openrouter')).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });
    await c.close();
  });

  test('5xx: retried once (served when the retry succeeds; a failure when both fail)', async () => {
    const c = client();
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 502,
      body: orError(502, 'Provider returned error', { provider_name: 'Upstream', raw: 'overloaded' }),
    });
    expect((await c.ai.generate(ASK)).status).toBe('LIVE');
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    or.reset();
    for (const status of [503, 500])
      or.failNext.push({
        match: OR_COMPLETIONS,
        status,
        body: orError(status, 'No endpoints found matching your data policy'),
      });
    const failed = await c.ai.generate(ASK);
    expect(failed).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    expect(state(c, 'openrouter')).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });
    // A 5xx HTML page: a failure too, retried.
    or.reset();
    or.failNext.push({ match: OR_COMPLETIONS, status: 504, raw: '<html>Gateway Timeout</html>' });
    expect((await c.ai.generate(ASK)).status).toBe('LIVE');
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    await c.close();
  });

  test('HTTP 200 with an `error` and no choices, or a choice with an error, is a failure, never an answer', async () => {
    const c = client();
    or.failNext.push({ match: OR_COMPLETIONS, status: 200, body: orError(502, 'Provider returned error') });
    // The retry (a 5xx code) is served normally.
    expect((await c.ai.generate(ASK)).status).toBe('LIVE');
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    or.reset();
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 200,
      body: {
        id: 'gen-cut',
        model: OPENROUTER_MODEL,
        choices: [
          {
            index: 0,
            finish_reason: 'error',
            message: { role: 'assistant', content: 'The pool has' },
            error: { code: 400, message: 'Upstream stopped the generation' },
          },
        ],
      },
    });
    const cut = await c.ai.generate(ASK);
    expect(cut).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(cut)).toMatch(/Upstream stopped the generation/);
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    or.reset();
    or.failNext.push({ match: OR_COMPLETIONS, status: 200, raw: '<html>maintenance</html>' });
    const html = await c.ai.generate(ASK);
    expect(html).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(html)).toMatch(/non-JSON response/);
    await c.close();
  });

  test('a completion that never answers times out after the request’s timeoutMs, retried once', async () => {
    const c = client();
    or.hang = true;
    const started = Date.now();
    const result = await c.ai.generate({ ...ASK, timeoutMs: 1_000 });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toMatch(/timed out after 1 s/);
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    await c.close();
  });
});

describe('openrouter: model list', () => {
  test('context length, completion cap, modalities, pricing strings as sent, supported parameters as features; absent members absent; cached 10 minutes; search filters', async () => {
    const c = client();
    const result = await c.ai.models();
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'openrouter', chain: 'global' } });
    const list = data(result) as { provider: string; models: Record<string, unknown>[] };
    expect(list.provider).toBe('openrouter');
    expect(list.models.map((m) => m.id)).toEqual([
      OPENROUTER_MODEL,
      OPENROUTER_VISION_MODEL,
      OPENROUTER_BARE_MODEL,
    ]);
    expect(list.models[1]).toEqual({
      id: OPENROUTER_VISION_MODEL,
      name: 'Vendor B: Model Two Vision',
      description: 'Reads images and text.',
      contextLength: 1048576,
      maxCompletionTokens: 65536,
      inputModalities: ['text', 'image'],
      outputModalities: ['text'],
      pricing: { prompt: '0.000001', completion: '0.000004', request: '0', image: '0.001238' },
      features: ['max_tokens', 'temperature', 'tools'],
    });
    // "" description and null max_completion_tokens are absent, never "" or 0.
    expect(list.models[2]).not.toHaveProperty('description');
    expect(list.models[2]).not.toHaveProperty('maxCompletionTokens');
    expect(list.models[2]?.contextLength).toBe(8192);
    expect(or.calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/models' });

    const again = await c.ai.models();
    expect(again).toMatchObject({ status: 'CACHED', provenance: { cache: { ttlMs: 600_000 } } });
    const search = await c.ai.models({ search: 'VISION' });
    expect(search.status).toBe('CACHED');
    expect((data(search) as { models: { id: string }[] }).models.map((m) => m.id)).toEqual([
      OPENROUTER_VISION_MODEL,
    ]);
    expect(or.count(OR_MODELS)).toBe(1);
    expect((await c.ai.models({ fresh: true })).status).toBe('LIVE');
    expect(or.count(OR_MODELS)).toBe(2);
    await c.close();
  });
});

describe('gemini: completions', () => {
  test('a live completion: system instruction, thinking budget, text without thought parts, usage exactly as reported (no cost), modelVersion; the key only in x-goog-api-key', async () => {
    const c = client();
    const result = await c.ai.generate({
      ...GEMINI,
      messages: [
        { role: 'system', content: 'You are a careful trading assistant.' },
        { role: 'user', content: 'Is this pool safe to trade?' },
      ],
      maxTokens: 300,
      thinkingBudget: 1024,
    });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'gemini', chain: 'global' },
      data: {
        text: 'The pool has low liquidity; trade small.',
        finishReason: 'STOP',
        model: GEMINI_MODEL,
        responseId: 'mX3eaLx1N9aZ',
        routing: {
          requestedProvider: 'gemini',
          requestedModel: GEMINI_MODEL,
          actualProvider: 'gemini',
          actualModel: GEMINI_MODEL,
          fallback: false,
        },
      },
    });
    // promptTokenCount 120, candidatesTokenCount 14, totalTokenCount 444, thoughtsTokenCount 310.
    expect(data(result)?.usage).toEqual({
      promptTokens: 120,
      completionTokens: 14,
      totalTokens: 444,
      reasoningTokens: 310,
    });
    expect(data(result)).not.toHaveProperty('upstreamProvider');
    expect(gm.calls).toHaveLength(1);
    expect(gm.calls[0]).toMatchObject({
      method: 'POST',
      path: `/v1beta/models/${GEMINI_MODEL}:generateContent`,
      apiKey: GM_KEY,
      keyInUrl: false,
      query: {},
    });
    expect(gm.calls[0]?.body).toEqual({
      systemInstruction: { parts: [{ text: 'You are a careful trading assistant.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Is this pool safe to trade?' }] }],
      generationConfig: { maxOutputTokens: 300, thinkingConfig: { thinkingBudget: 1024 } },
    });
    expect(or.requests).toBe(0);
    expectNoSecret(result);
    await c.close();
  });

  test('GEMINI_DEFAULT_MODEL serves a request without a model', async () => {
    const c = client({ GEMINI_DEFAULT_MODEL: GEMINI_MODEL });
    const result = await c.ai.generate({ ...ASK, provider: 'gemini' });
    expect(result).toMatchObject({ status: 'LIVE', data: { routing: { requestedModel: GEMINI_MODEL } } });
    expect(gm.calls[0]?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
    await c.close();
  });

  test('function calls and results in Gemini’s form (role model, functionCall / functionResponse parts), declarations with parametersJsonSchema, toolConfig modes; args passed through unchanged', async () => {
    const c = client();
    const result = await c.ai.generate({
      ...GEMINI,
      messages: [
        { role: 'user', content: 'Price EXM and ABC.' },
        {
          role: 'assistant',
          content: 'Looking both up.',
          toolCalls: [
            { id: 'fc_1', name: 'get_price', arguments: { symbol: 'EXM' } },
            { id: 'fc_2', name: 'get_price', arguments: { symbol: 'ABC' } },
          ],
        },
        { role: 'tool', toolCallId: 'fc_1', content: '{"usd":1.5}' },
        { role: 'tool', toolCallId: 'fc_2', name: 'get_price', content: 'no listing' },
        { role: 'user', content: 'Which is cheaper?' },
      ],
      tools: [PRICE_TOOL],
      toolChoice: { name: 'get_price' },
      maxTokens: 128,
    });
    expect(result.status).toBe('LIVE');
    expect(data(result)?.toolCalls).toEqual([
      { name: 'get_price', arguments: { symbol: 'EXM', limit: null } },
    ]);
    expect(data(result)).not.toHaveProperty('text');
    expect(gmBodies()[0]).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Price EXM and ABC.' }] },
        {
          role: 'model',
          parts: [
            { text: 'Looking both up.' },
            {
              functionCall: { id: 'fc_1', name: 'get_price', args: { symbol: 'EXM' } },
              thoughtSignature: 'skip_thought_signature_validator',
            },
            { functionCall: { id: 'fc_2', name: 'get_price', args: { symbol: 'ABC' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'fc_1', name: 'get_price', response: { usd: 1.5 } } },
            { functionResponse: { id: 'fc_2', name: 'get_price', response: { output: 'no listing' } } },
          ],
        },
        { role: 'user', parts: [{ text: 'Which is cheaper?' }] },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_price',
              description: PRICE_TOOL.description,
              parametersJsonSchema: PRICE_TOOL.parameters,
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_price'] } },
      generationConfig: { maxOutputTokens: 128 },
    });
    for (const [choice, mode] of [
      ['auto', 'AUTO'],
      ['none', 'NONE'],
      ['required', 'ANY'],
    ] as const) {
      const r = await c.ai.generate({ ...GEMINI, ...ASK, tools: [PRICE_TOOL], toolChoice: choice });
      expect(r.status).toBe('LIVE');
      expect(gmBodies().at(-1)?.toolConfig).toEqual({ functionCallingConfig: { mode } });
    }
    // A tool result naming neither its tool nor a known call: INVALID_INPUT, no request.
    const before = gm.requests;
    const nameless = await c.ai.generate({
      ...GEMINI,
      messages: [
        { role: 'user', content: 'Price EXM.' },
        { role: 'tool', toolCallId: 'fc_unknown', content: '{}' },
      ],
      maxTokens: 64,
    });
    expect(nameless).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(gm.requests).toBe(before);
    await c.close();
  });

  test('structured output: responseMimeType application/json + responseJsonSchema; parsed and validated; a mismatch refused', async () => {
    const c = client();
    const result = await c.ai.generate({ ...GEMINI, ...ASK, response_format: VERDICT_SCHEMA });
    expect(result.status).toBe('LIVE');
    expect(data(result)?.structured).toEqual({ verdict: 'caution', reasons: ['low liquidity'] });
    expect(gmBodies()[0]?.generationConfig).toEqual({
      maxOutputTokens: 256,
      responseMimeType: 'application/json',
      responseJsonSchema: VERDICT_SCHEMA,
    });
    gm.structuredText = '{"verdict":"caution"}';
    const mismatch = await c.ai.generate({ ...GEMINI, ...ASK, response_format: VERDICT_SCHEMA });
    expect(mismatch).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(mismatch.status === 'ERROR' && mismatch.message).toMatch(
      /gemini: the model's JSON does not match the schema/,
    );
    expect(gm.count(GM_GENERATE)).toBe(2);
    await c.close();
  });

  test('images: a data: URL becomes inlineData on the last user message; an https image is INVALID_INPUT before any request', async () => {
    const c = client();
    const result = await c.ai.generate({
      provider: 'gemini',
      model: GEMINI_VISION_MODEL,
      messages: [
        { role: 'user', content: 'First look.' },
        { role: 'assistant', content: 'Send the chart.' },
        { role: 'user', content: 'Here it is.' },
      ],
      images: [PNG_DATA_URL],
      maxTokens: 64,
    });
    expect(result.status).toBe('LIVE');
    expect(gmBodies()[0]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'First look.' }] },
      { role: 'model', parts: [{ text: 'Send the chart.' }] },
      {
        role: 'user',
        parts: [{ text: 'Here it is.' }, { inlineData: { mimeType: 'image/png', data: PNG_B64 } }],
      },
    ]);
    const https = await c.ai.generate({ ...GEMINI, ...ASK, images: [PNG_DATA_URL, HTTPS_IMAGE] });
    expect(https).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
      message: 'gemini takes images as data: URLs only',
    });
    expect(gm.count(GM_GENERATE)).toBe(1);
    // Not a provider failure: no fallback either.
    const withFallback = client({
      AI_PROVIDER: 'gemini',
      AI_FALLBACK_PROVIDER: 'openrouter',
      AI_FALLBACK_MODEL: OPENROUTER_MODEL,
    });
    const refused = await withFallback.ai.generate({ ...ASK, model: GEMINI_MODEL, images: [HTTPS_IMAGE] });
    expect(refused).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(or.requests).toBe(0);
    await Promise.all([c.close(), withFallback.close()]);
  });

  test('a blocked prompt (promptFeedback.blockReason, no candidates) is PROVIDER_ERROR naming the reason', async () => {
    const c = client();
    gm.blockReason = 'PROHIBITED_CONTENT';
    const result = await c.ai.generate({ ...GEMINI, ...ASK });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toMatch(/prompt was blocked \(PROHIBITED_CONTENT\)/);
    expect(gm.count(GM_GENERATE)).toBe(1);
    await c.close();
  });

  test('completions are never cached', async () => {
    const c = client();
    await c.ai.generate({ ...GEMINI, ...ASK });
    await c.ai.generate({ ...GEMINI, ...ASK });
    expect(gm.count(GM_GENERATE)).toBe(2);
    await c.close();
  });
});

describe('gemini: the error table', () => {
  test('a bad key (400 INVALID_ARGUMENT, reason API_KEY_INVALID) and a 401: auth_failed, not retried, then skipped', async () => {
    const c = client({ GEMINI_API_KEY: 'AIzaSyD-wrongwrongwrongWRONG' });
    const result = await c.ai.generate({ ...GEMINI, ...ASK });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toMatch(
      /auth_failed: key rejected .*HTTP 400 INVALID_ARGUMENT API key not valid/,
    );
    expect(gm.count(GM_GENERATE)).toBe(1);
    expect(state(c, 'gemini')?.status).toBe('auth_failed');
    expect((await c.ai.generate({ ...GEMINI, ...ASK })).status).toBe('UNAVAILABLE');
    expect(gm.count(GM_GENERATE)).toBe(1);
    expect(JSON.stringify(result)).not.toContain('wrongwrong');
    expectNoSecret(result);
    await c.close();

    const d = client();
    gm.failNext.push({
      match: GM_GENERATE,
      status: 401,
      body: googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
    });
    expect(await d.ai.generate({ ...GEMINI, ...ASK })).toMatchObject({ status: 'ERROR' });
    expect(state(d, 'gemini')?.status).toBe('auth_failed');
    await d.close();
  });

  test('429 with RetryInfo 27s: RATE_LIMITED, not retried; with RetryInfo 1s or Retry-After 1: retried once and served', async () => {
    const c = client();
    const exhausted = (delay: string) =>
      googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [{ quotaMetric: 'generate_content_free_tier_requests' }],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay },
        ],
      );
    gm.failNext.push({ match: GM_GENERATE, status: 429, body: exhausted('27s') });
    const limited = await c.ai.generate({ ...GEMINI, ...ASK });
    expect(limited).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(JSON.stringify(limited)).toMatch(/RESOURCE_EXHAUSTED You exceeded your current quota/);
    expect(gm.count(GM_GENERATE)).toBe(1);
    expect(state(c, 'gemini')).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });

    gm.reset();
    gm.failNext.push({ match: GM_GENERATE, status: 429, body: exhausted('1s') });
    expect((await c.ai.generate({ ...GEMINI, ...ASK })).status).toBe('LIVE');
    expect(gm.count(GM_GENERATE)).toBe(2);

    gm.reset();
    gm.failNext.push({
      match: GM_GENERATE,
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'),
      headers: { 'retry-after': '1' },
    });
    expect((await c.ai.generate({ ...GEMINI, ...ASK })).status).toBe('LIVE');
    expect(gm.count(GM_GENERATE)).toBe(2);
    await c.close();
  });

  test('400, 403, 404, 413, 422: PROVIDER_ERROR with the vendor’s message, not retried', async () => {
    const c = client();
    const cases = [
      [400, 'INVALID_ARGUMENT', 'Budget 0 is invalid. This model only works in thinking mode.'],
      [
        400,
        'FAILED_PRECONDITION',
        'User location is not supported for the API use without a billing account linked.',
      ],
      [403, 'PERMISSION_DENIED', 'You do not have permission to access the tuned model.'],
      [404, 'NOT_FOUND', 'File not found.'],
      [413, 'INVALID_ARGUMENT', 'Request payload size exceeds the limit.'],
      [422, 'INVALID_ARGUMENT', 'Unprocessable.'],
    ] as const;
    for (const [status, canonical, message] of cases) {
      gm.reset();
      gm.failNext.push({ match: GM_GENERATE, status, body: googleError(status, canonical, message) });
      const result = await c.ai.generate({ ...GEMINI, ...ASK });
      expect(result, `${status} ${canonical}`).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
      expect(result.status === 'ERROR' && result.message).toContain(`HTTP ${status} ${canonical} ${message}`);
      expect(gm.count(GM_GENERATE)).toBe(1);
      expect(state(c, 'gemini')?.status).toBe('eligible');
    }
    // The vendor's own 404 for an unknown model.
    gm.reset();
    const unknown = await c.ai.generate({ ...ASK, provider: 'gemini', model: 'model-unknown' });
    expect(unknown).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(unknown.status === 'ERROR' && unknown.message).toMatch(/models\/model-unknown is not found/);
    await c.close();
  });

  test('5xx retried once; 402 a failure not retried', async () => {
    const c = client();
    gm.failNext.push({
      match: GM_GENERATE,
      status: 503,
      body: googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
    });
    expect((await c.ai.generate({ ...GEMINI, ...ASK })).status).toBe('LIVE');
    expect(gm.count(GM_GENERATE)).toBe(2);
    gm.reset();
    for (const status of [500, 504])
      gm.failNext.push({
        match: GM_GENERATE,
        status,
        body: googleError(
          status,
          status === 500 ? 'INTERNAL' : 'DEADLINE_EXCEEDED',
          'An internal error has occurred.',
        ),
      });
    const failed = await c.ai.generate({ ...GEMINI, ...ASK });
    expect(failed).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(gm.count(GM_GENERATE)).toBe(2);
    gm.reset();
    gm.failNext.push({
      match: GM_GENERATE,
      status: 402,
      body: googleError(402, 'FAILED_PRECONDITION', 'Billing required.'),
    });
    expect(await c.ai.generate({ ...GEMINI, ...ASK })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
    });
    expect(gm.count(GM_GENERATE)).toBe(1);
    await c.close();
  });
});

describe('gemini: model list', () => {
  test('follows nextPageToken with pageSize 1000; ids without models/, limits, methods as features, thinking; absent members absent; cached', async () => {
    const c = client();
    const result = await c.ai.models({ provider: 'gemini' });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'gemini', chain: 'global' } });
    const list = data(result) as { provider: string; models: Record<string, unknown>[] };
    expect(list.provider).toBe('gemini');
    expect(list.models.map((m) => m.id)).toEqual([GEMINI_MODEL, GEMINI_VISION_MODEL, GEMINI_EMBEDDING_MODEL]);
    expect(list.models[0]).toEqual({
      id: GEMINI_MODEL,
      name: 'Model Alpha',
      description: 'A fast multimodal model used by the double.',
      contextLength: 1048576,
      maxCompletionTokens: 65536,
      features: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
      thinking: true,
    });
    expect(list.models[2]).toEqual({
      id: GEMINI_EMBEDDING_MODEL,
      name: 'Embedding Example',
      contextLength: 2048,
      features: ['embedContent'],
    });
    expect(gm.calls.map((call) => call.query)).toEqual([
      { pageSize: '1000' },
      { pageSize: '1000', pageToken: '2' },
    ]);
    expect(gm.calls.every((call) => call.apiKey === GM_KEY && !call.keyInUrl)).toBe(true);
    const search = await c.ai.models({ provider: 'gemini', search: 'alpha' });
    expect(search.status).toBe('CACHED');
    expect((data(search) as { models: { id: string }[] }).models.map((m) => m.id)).toEqual([GEMINI_MODEL]);
    expect(gm.count(GM_MODELS)).toBe(2);
    expectNoSecret([result, search]);
    await c.close();
  });

  test('at most 10 pages of a list that never ends', async () => {
    const c = client();
    gm.endlessPages = true;
    const result = await c.ai.models({ provider: 'gemini' });
    expect(result.status).toBe('LIVE');
    expect(gm.count(GM_MODELS)).toBe(10);
    await c.close();
  });

  test('AI_PROVIDER=gemini: the default list is Gemini’s; a bad key is auth_failed', async () => {
    const c = client({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'AIzaSyD-wrongwrongwrongWRONG' });
    const result = await c.ai.models();
    expect(result).toMatchObject({ status: 'ERROR' });
    expect(state(c, 'gemini')?.status).toBe('auth_failed');
    expect(or.requests).toBe(0);
    expectNoSecret(result);
    await c.close();
  });
});

describe('AI routing through the providers', () => {
  test('no model requested and none configured: INVALID_INPUT naming the variable, zero requests', async () => {
    const c = client({ AI_DEFAULT_MODEL: null });
    const primary = await c.ai.generate(ASK);
    expect(primary).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(primary.status === 'ERROR' && primary.message).toContain('AI_DEFAULT_MODEL');
    const gemini = await c.ai.generate({ ...ASK, provider: 'gemini' });
    expect(gemini).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(gemini.status === 'ERROR' && gemini.message).toContain('GEMINI_DEFAULT_MODEL');
    const geminiDefault = client({ AI_DEFAULT_MODEL: null, AI_PROVIDER: 'gemini' });
    const both = await geminiDefault.ai.generate(ASK);
    expect(both.status === 'ERROR' && both.message).toMatch(/AI_DEFAULT_MODEL or GEMINI_DEFAULT_MODEL/);
    expect(or.requests + gm.requests).toBe(0);
    await Promise.all([c.close(), geminiDefault.close()]);
  });

  test('every AI limit over by one is INVALID_INPUT with zero requests', async () => {
    const c = client();
    const user = (content: string) => ({ role: 'user' as const, content });
    const tool = (i: number) => ({ name: `tool_${i}`, parameters: { type: 'object' } });
    // 5,000,001 bytes: 6,666,668 base64 characters, no padding.
    const bigImage = `data:image/png;base64,${'A'.repeat(6_666_668)}`;
    const over: [string, Record<string, unknown>][] = [
      ['101 messages', { messages: Array.from({ length: 101 }, (_, i) => user(`m${i}`)), maxTokens: 16 }],
      ['200,001 characters', { messages: [user('x'.repeat(200_001))], maxTokens: 16 }],
      ['maxTokens 16,385', { ...ASK, maxTokens: 16_385 }],
      ['33 tools', { ...ASK, tools: Array.from({ length: 33 }, (_, i) => tool(i)) }],
      ['a 5 MB + 1 image', { ...ASK, images: [bigImage] }],
      ['an http image', { ...ASK, images: ['http://images.example.com/chart.png'] }],
      ['a private-host https image', { ...ASK, images: ['https://192.168.1.20/chart.png'] }],
      ['a localhost https image', { ...ASK, images: ['https://localhost/chart.png'] }],
      ['timeoutMs 120,001', { ...ASK, timeoutMs: 120_001 }],
    ];
    for (const [name, params] of over) {
      for (const provider of ['openrouter', 'gemini'] as const) {
        const result = await c.ai.generate({
          ...params,
          provider,
          model: provider === 'gemini' ? GEMINI_MODEL : OPENROUTER_MODEL,
        } as Parameters<Client['ai']['generate']>[0]);
        expect(result, `${name} (${provider})`).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
      }
    }
    // At the limits themselves, the requests go out.
    const atLimit = await c.ai.generate({
      messages: [user('x'.repeat(200_000))],
      maxTokens: 16_384,
      tools: Array.from({ length: 32 }, (_, i) => tool(i)),
      timeoutMs: 120_000,
    });
    expect(or.requests + gm.requests).toBe(1);
    expect(atLimit.status).toBe('LIVE');
    await c.close();
  });

  test('the configured fallback serves after a 5xx of the primary: routing shows the substitution, provenance the failure', async () => {
    const c = client({ AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL });
    for (let i = 0; i < 2; i++)
      or.failNext.push({ match: OR_COMPLETIONS, status: 502, body: orError(502, 'Provider returned error') });
    const result = await c.ai.generate(ASK);
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'gemini',
        chain: 'global',
        fallbackFrom: [
          {
            provider: 'openrouter',
            error: expect.stringContaining('HTTP 502 Provider returned error') as unknown,
          },
        ],
      },
      data: {
        text: 'The pool has low liquidity; trade small.',
        model: GEMINI_MODEL,
        routing: {
          requestedProvider: 'openrouter',
          requestedModel: OPENROUTER_MODEL,
          actualProvider: 'gemini',
          actualModel: GEMINI_MODEL,
          fallback: true,
          fallbackReason: expect.stringContaining(
            'openrouter: openrouter POST /chat/completions: HTTP 502',
          ) as unknown,
        },
      },
    });
    expect(or.count(OR_COMPLETIONS)).toBe(2);
    expect(gm.count(GM_GENERATE)).toBe(1);
    expect(gm.calls[0]?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
    expectNoSecret(result);
    await c.close();
  });

  test('OpenRouter answers with another model than requested: actualModel is the one it names, requestedModel the one asked for', async () => {
    const c = client();
    // The documented chat-completions response with `model` naming the model that answered,
    // another than the request's (OpenRouter's router and model fallbacks can do this).
    or.replies.push({ content: 'Liquidity is thin.', model: OPENROUTER_BARE_MODEL });
    const result = await c.ai.generate(ASK);
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      data: {
        text: 'Liquidity is thin.',
        model: OPENROUTER_BARE_MODEL,
        routing: {
          requestedProvider: 'openrouter',
          requestedModel: OPENROUTER_MODEL,
          actualProvider: 'openrouter',
          actualModel: OPENROUTER_BARE_MODEL,
          fallback: false,
        },
      },
    });
    expect(orBodies()).toHaveLength(1);
    expect(orBodies()[0]?.model).toBe(OPENROUTER_MODEL);
    await c.close();
  });

  test('the fallback answers with another modelVersion than requested: actualModel is the version Gemini names', async () => {
    const c = client({ AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL });
    for (let i = 0; i < 2; i++)
      or.failNext.push({ match: OR_COMPLETIONS, status: 502, body: orError(502, 'Provider returned error') });
    // GenerateContentResponse.modelVersion, the model version used to generate the response.
    gm.modelVersion = `${GEMINI_MODEL}-001`;
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        model: `${GEMINI_MODEL}-001`,
        routing: {
          requestedProvider: 'openrouter',
          requestedModel: OPENROUTER_MODEL,
          actualProvider: 'gemini',
          actualModel: `${GEMINI_MODEL}-001`,
          fallback: true,
        },
      },
    });
    expect(gm.calls[0]?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
    await c.close();
  });

  test('the fallback also serves after a 402 (credits), without a retry of the primary', async () => {
    const c = client({ AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL });
    or.failNext.push({ match: OR_COMPLETIONS, status: 402, body: orError(402, 'Insufficient credits.') });
    const result = await c.ai.generate(ASK);
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        routing: {
          actualProvider: 'gemini',
          fallback: true,
          fallbackReason: expect.stringContaining('out of credits') as unknown,
        },
      },
    });
    expect(or.count(OR_COMPLETIONS)).toBe(1);
    expect(gm.count(GM_GENERATE)).toBe(1);
    await c.close();
  });

  test('no fallback unless both variables are set, nor when the request says fallback: false', async () => {
    const fail = () => {
      for (let i = 0; i < 2; i++)
        or.failNext.push({ match: OR_COMPLETIONS, status: 503, body: orError(503, 'No endpoints found') });
    };
    for (const env of [{ AI_FALLBACK_PROVIDER: 'gemini' }, { AI_FALLBACK_MODEL: GEMINI_MODEL }]) {
      or.reset();
      fail();
      const c = client(env);
      const result = await c.ai.generate(ASK);
      expect(result, JSON.stringify(env)).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
      await c.close();
    }
    or.reset();
    fail();
    const c = client({ AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL });
    const disabled = await c.ai.generate({ ...ASK, fallback: false });
    expect(disabled).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(gm.requests).toBe(0);
    await c.close();
  });

  test('no fallback after a 400, a 401 or a 429', async () => {
    const env = { AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL };
    const c = client(env);
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 400,
      body: orError(400, 'vendor-x/unknown is not a valid model ID'),
    });
    expect(await c.ai.generate(ASK)).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 429,
      body: orError(429, 'Rate limit exceeded'),
      headers: { 'retry-after': '30' },
    });
    expect(await c.ai.generate(ASK)).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    await c.close();
    const wrong = client({ ...env, OPENROUTER_API_KEY: 'sk-or-v1-wrongwrongwrongwrongWRONG' });
    const rejected = await wrong.ai.generate(ASK);
    expect(rejected).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(state(wrong, 'openrouter')?.status).toBe('auth_failed');
    expect(gm.requests).toBe(0);
    await wrong.close();
  });

  test('with every key of both providers set, no output of any path carries a key', async () => {
    const c = client({ AI_FALLBACK_PROVIDER: 'gemini', AI_FALLBACK_MODEL: GEMINI_MODEL });
    // A vendor that echoes the key in its error text is redacted too.
    or.failNext.push({
      match: OR_COMPLETIONS,
      status: 400,
      body: orError(400, `bad request for key ${OR_KEY}`),
    });
    gm.failNext.push({
      match: GM_GENERATE,
      status: 403,
      body: googleError(403, 'PERMISSION_DENIED', `key ${GM_KEY} has no access`),
    });
    const results = [
      await c.ai.generate(ASK),
      await c.ai.generate({ ...GEMINI, ...ASK }),
      await c.ai.models(),
      await c.ai.models({ provider: 'gemini' }),
      await c.providers.health(),
      c.providers.list(),
    ];
    const text = JSON.stringify(results);
    expect(text).toContain('{key}');
    expectNoSecret(results);
    await c.close();
  });
});

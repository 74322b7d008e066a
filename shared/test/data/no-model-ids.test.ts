// "No model id is written anywhere in production code" (docs/data-layer.md, "AI"): the model
// comes from the request or from AI_DEFAULT_MODEL / GEMINI_DEFAULT_MODEL / AI_FALLBACK_MODEL.
// This test reads every production source file of the four workspaces and fails on anything
// shaped like a model id of the families the AI providers serve.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = ['shared/src', 'server/src', 'cli/src', 'web/src'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_PRODUCTION = /\.(test|bench|spec)\.[a-z]+$|\.gen\.js$/;

/** Model-id shapes: vendor/model slugs (OpenRouter) and the families' own ids (Gemini, ...). */
const MODEL_ID = [
  /\b(?:openai|anthropic|google|meta-llama|mistralai|deepseek|x-ai|qwen|cohere|nvidia|microsoft|perplexity|amazon)\/[a-z0-9][a-z0-9.:-]*/i,
  /\bgemini-(?:\d|pro|flash|ultra|exp)/i,
  /\bgemma-?\d/i,
  /\b(?:chat)?gpt-(?:\d|4o|oss)/i,
  /\bo[1-9]-(?:mini|preview|pro)\b/i,
  /\bclaude-(?:\d|instant|opus|sonnet|haiku)/i,
  /\b(?:llama|mistral|mixtral|codestral|deepseek|qwen|grok|phi|command-r)-?(?:\d|v\d|chat|coder|large|small|medium)/i,
];

export function modelIdsIn(text: string): string[] {
  return MODEL_ID.flatMap((pattern) => {
    const global = new RegExp(pattern.source, 'gi');
    return [...text.matchAll(global)].map((m) => m[0]);
  });
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : productionFiles(path);
    return CODE.test(name) && !NOT_PRODUCTION.test(name) ? [path] : [];
  });
}

describe('no model id in production code', () => {
  test('the detector recognizes model ids of every family the providers serve', () => {
    for (const id of [
      'google/gemini-2.5-flash',
      'openai/gpt-4o-mini',
      'anthropic/claude-sonnet-4',
      'meta-llama/llama-3.1-8b-instruct',
      'gemini-2.5-pro',
      'gemini-flash-latest',
      'gpt-4.1',
      'o3-mini',
      'claude-3-5-haiku',
      'deepseek-chat',
      'mistral-large',
    ])
      expect(modelIdsIn(`const model = '${id}';`), id).not.toEqual([]);
    expect(modelIdsIn('const variable = "AI_DEFAULT_MODEL"; // the model id comes from the request')).toEqual(
      [],
    );
  });

  test('no production source file of shared, server, cli or web names a model', () => {
    const files = SOURCES.flatMap((dir) => productionFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      modelIdsIn(readFileSync(file, 'utf8')).map((id) => `${relative(ROOT, file)}: ${id}`),
    );
    expect(found).toEqual([]);
  });
});

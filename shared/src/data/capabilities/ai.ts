// The AI capabilities (docs/data-layer.md, "AI"). Routing is explicit (ai/generate.ts): the
// requested provider, else AI_PROVIDER; the configured fallback only when both fallback
// variables are set. Completions are never cached; model lists are cached 10 minutes.
import * as z from 'zod';
import { aiGenerateParams, aiProviderSchema } from '../ai/ai-request.js';
import { defineCapability } from './define-capability.js';

export const aiGenerate = defineCapability({
  name: 'ai.generate',
  group: 'ai',
  operation: 'generate',
  summary:
    'A completion from an AI provider (OpenRouter or Gemini): tools, structured output, images; the answer names the provider and model that served it.',
  scope: 'global',
  params: aiGenerateParams,
  ttl: 'never',
});

export const aiModels = defineCapability({
  name: 'ai.models',
  group: 'ai',
  operation: 'models',
  summary: 'The models of an AI provider: context length, pricing and features.',
  scope: 'global',
  params: z.object({ provider: aiProviderSchema.optional() }).strict(),
  ttl: 'metadata',
});

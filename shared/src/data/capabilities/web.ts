// The web capabilities, each in the order of the web routing table (docs/data-layer.md, "Web"):
// search Tavily, Exa, Firecrawl; extract Tavily, Firecrawl, Exa; map Firecrawl, Tavily; similar
// Exa; answer Tavily, Exa. `provider` pins one provider with no fallback. Target URLs must be
// public http(s) hosts: the parameters refuse anything else before any request.
import * as z from 'zod';
import { WEB_LIMITS } from '../limits.js';
import { publicTargetProblem } from '../net/public-target.js';
import { defineCapability } from './define-capability.js';

export const WEB_PROVIDERS = ['tavily', 'exa', 'firecrawl'] as const;

const webProvider = z.enum(WEB_PROVIDERS).optional().describe('ask only this provider, with no fallback');

export const publicUrlSchema = z
  .string()
  .max(2_048)
  .superRefine((value, ctx) => {
    const problem = publicTargetProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${value.slice(0, 200)} ${problem}` });
  })
  .describe('an http(s) URL of a public host');

const maxCharacters = z
  .number()
  .int()
  .min(1)
  .max(WEB_LIMITS.maxCharactersCap, `maxCharacters may be at most ${WEB_LIMITS.maxCharactersCap}`)
  .default(WEB_LIMITS.maxCharacters)
  .describe('page text per result, in characters (default 5,000, at most 50,000)');

const query = z.string().trim().min(1, 'a query is required').max(2_000);

export const webSearch = defineCapability({
  name: 'web.search',
  group: 'web',
  operation: 'search',
  summary: 'Search the web: titles, URLs and snippets (untrusted third-party text).',
  scope: 'global',
  params: z
    .object({
      query,
      limit: z.number().int().min(1).max(20).default(5).describe('results (1 to 20, default 5)'),
      maxCharacters,
      provider: webProvider,
    })
    .strict(),
  ttl: 'web',
  order: ['tavily', 'exa', 'firecrawl'],
});

export const webExtract = defineCapability({
  name: 'web.extract',
  group: 'web',
  operation: 'extract',
  summary: 'The text of up to 10 public web pages (untrusted third-party text).',
  scope: 'global',
  params: z
    .object({
      urls: z
        .array(publicUrlSchema)
        .min(1, 'at least one URL')
        .max(WEB_LIMITS.extractUrls, `at most ${WEB_LIMITS.extractUrls} URLs`),
      maxCharacters,
      provider: webProvider,
    })
    .strict(),
  ttl: 'web',
  order: ['tavily', 'firecrawl', 'exa'],
});

export const webMap = defineCapability({
  name: 'web.map',
  group: 'web',
  operation: 'map',
  summary: 'The URLs of a public website.',
  scope: 'global',
  params: z
    .object({
      url: publicUrlSchema,
      limit: z.number().int().min(1).max(5_000).default(100).describe('URLs (1 to 5,000, default 100)'),
      provider: webProvider,
    })
    .strict(),
  ttl: 'web',
  order: ['firecrawl', 'tavily'],
});

export const webSimilar = defineCapability({
  name: 'web.similar',
  group: 'web',
  operation: 'similar',
  summary: 'Pages similar to a public URL (untrusted third-party text).',
  scope: 'global',
  params: z
    .object({
      url: publicUrlSchema,
      limit: z.number().int().min(1).max(20).default(5).describe('results (1 to 20, default 5)'),
      maxCharacters,
      provider: webProvider,
    })
    .strict(),
  ttl: 'web',
  order: ['exa'],
});

export const webAnswer = defineCapability({
  name: 'web.answer',
  group: 'web',
  operation: 'answer',
  summary: 'An answer to a question from the web, with its citations (untrusted third-party text).',
  scope: 'global',
  params: z.object({ query, maxCharacters, provider: webProvider }).strict(),
  ttl: 'web',
  order: ['tavily', 'exa'],
});

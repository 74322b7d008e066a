// The options the web commands share: --provider (pin one provider, no fallback), --limit and
// --max-chars (page text per result).
import type { Command } from 'commander';

export const PROVIDER_HELP = 'ask only this provider, with no fallback: tavily, exa or firecrawl';

export function webOptions(cmd: Command, { limit = true, text = true } = {}): Command {
  let out = cmd.option('--provider <id>', PROVIDER_HELP);
  if (limit) out = out.option('--limit <n>', 'results (default 5)');
  if (text)
    out = out.option('--max-chars <n>', 'page text per result, characters (default 5,000, at most 50,000)');
  return out;
}

/** The shared options as SDK parameters (absent when not given, so the SDK's defaults apply). */
export function webParams(options: Record<string, unknown>) {
  return {
    ...(typeof options.provider === 'string' ? { provider: options.provider as 'tavily' } : {}),
    ...(options.limit !== undefined ? { limit: Number(options.limit) } : {}),
    ...(options.maxChars !== undefined ? { maxCharacters: Number(options.maxChars) } : {}),
  };
}

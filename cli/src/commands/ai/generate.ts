// pkg ai generate "<prompt>" --max-tokens <n>: one completion. The answer names the provider and
// model that served it; a configured fallback is used only when AI_FALLBACK_PROVIDER and
// AI_FALLBACK_MODEL are both set, and never with --no-fallback.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CliError, EXIT } from '../../exit.js';
import { defineDataCommand } from '../../lib/data/data-command.js';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

const invalid = (message: string, hint?: string) =>
  new CliError('INVALID_INPUT', message, { exitCode: EXIT.invalidInput, ...(hint ? { hint } : {}) });

async function readJsonFile(path: string, what: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw invalid(`cannot read the ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw invalid(`the ${what} ${path} is not a JSON object`);
    return value as Record<string, unknown>;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw invalid(`the ${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** An https URL is passed as it is; a local file becomes a data URL (the SDK checks the size). */
async function imageOf(value: string): Promise<string> {
  if (/^[a-z]+:/i.test(value)) return value;
  const type = IMAGE_TYPES[extname(value).toLowerCase()];
  if (!type) throw invalid(`${value}: an image file is .png, .jpg, .jpeg, .webp or .gif`);
  try {
    return `data:${type};base64,${(await readFile(value)).toString('base64')}`;
  } catch (error) {
    throw invalid(`cannot read the image ${value}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

export const aiGenerateCommand = defineDataCommand({
  name: 'ai generate',
  summary: 'one completion from an AI provider (OpenRouter or Gemini), with the provider and model named',
  help: [
    'The provider is --provider, else AI_PROVIDER, else openrouter; the model is --model, else',
    'AI_DEFAULT_MODEL (GEMINI_DEFAULT_MODEL for gemini). No model is assumed.',
    'Limits: 200,000 characters, --max-tokens at most 16,384, images up to 5 MB.',
    'Examples:',
    '  pkg ai generate "Summarize EIP-1559 in two sentences" --max-tokens 200',
    '  pkg ai generate "Classify this token" --max-tokens 300 --schema verdict.json --json',
    '  pkg ai generate "What is in this chart?" --max-tokens 300 --image chart.png --provider gemini',
  ].join('\n'),
  cached: false,
  configure: (cmd) =>
    cmd
      .argument('<prompt>', 'the user message')
      .requiredOption('--max-tokens <n>', 'upper bound of generated tokens (1 to 16,384)')
      .option('--provider <id>', 'openrouter or gemini')
      .option('--model <id>', 'model id (default: the configured default model)')
      .option('--system <text>', 'a system instruction')
      .option('--schema <file.json>', 'a JSON Schema: the answer is parsed and validated into `structured`')
      .option(
        '--image <url|file>',
        'an image: https URL or a local .png/.jpg/.webp/.gif (repeatable)',
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option(
        '--thinking-budget <n>',
        'thinking tokens (0 off, -1 dynamic); providers refuse what a model lacks',
      )
      .option('--timeout <s>', 'time-out in seconds (default 60, at most 120)')
      .option('--no-fallback', 'never use the configured fallback provider'),
  call: async (client, { positionals, options }) => {
    const system = typeof options.system === 'string' ? options.system : undefined;
    const images = Array.isArray(options.image)
      ? await Promise.all((options.image as string[]).map(imageOf))
      : undefined;
    return client.ai.generate({
      messages: [
        ...(system ? [{ role: 'system' as const, content: system }] : []),
        { role: 'user' as const, content: String(positionals[0]) },
      ],
      maxTokens: Number(options.maxTokens),
      ...(typeof options.provider === 'string' ? { provider: options.provider as 'openrouter' } : {}),
      ...(typeof options.model === 'string' ? { model: options.model } : {}),
      ...(typeof options.schema === 'string'
        ? { response_format: await readJsonFile(options.schema, 'schema file') }
        : {}),
      ...(images ? { images } : {}),
      ...(options.thinkingBudget !== undefined ? { thinkingBudget: Number(options.thinkingBudget) } : {}),
      ...(options.timeout !== undefined ? { timeoutMs: Math.round(Number(options.timeout) * 1000) } : {}),
      ...(options.fallback === false ? { fallback: false } : {}),
    });
  },
});

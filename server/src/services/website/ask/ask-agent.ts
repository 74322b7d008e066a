// The Ask agent (docs/public-api.md, "Ask"): a model that may call the fixed, read-only tools of
// ask-tools.ts, in a loop bounded by ASK_LIMITS: at most `rounds` model calls (the last one may
// not call tools), at most `toolCallsPerRound` tool calls run per round, `maxTokensPerRound` per
// call and `tokenBudget` tokens per question. The tools, the limits, the tool choice and the
// system prompt are constants or computed from the round number and the tokens spent: nothing a
// tool returns or the model writes can change them. Tool results go back to the model labelled
// as untrusted data. The answer names the sources the tools read and the model that answered,
// and ends with the not-advice line (added here, not left to the model). Nothing of the
// conversation is stored or logged: only counts.
import {
  ASK_LIMITS,
  NOT_ADVICE,
  RegistryError,
  type AskAnswer,
  type AskQuota,
  type AskSource,
} from '@pkg/shared';
import type { AiAnswer, AiMessage, AiRouting, AiToolCall } from '@pkg/shared/data';
import type { AiDeps } from '../ai/ai-deps.js';
import { aiFailure } from './ai-failure.js';
import {
  ASK_SYSTEM_PROMPT,
  invalidArguments,
  NO_TEXT,
  OUT_OF_LIMITS,
  OVER_CALL_LIMIT,
  TOOL_FAILED,
  toolResultMessage,
  UNKNOWN_TOOL,
} from './ask-prompt.js';
import { ASK_TOOL_DEFINITIONS, ASK_TOOLS } from './ask-tools.js';
import { collectSources } from './sources.js';

/** An answer without the quota members (the procedure adds them). */
export type AskRun = Omit<AskAnswer, keyof AskQuota>;

/** Tool calls of one model turn kept in the conversation (the rest are dropped, never run). */
const MAX_CALLS_KEPT = 16;
/** Time-out of one model call. */
const ROUND_TIMEOUT_MS = 45_000;

const SAFE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** The tokens a completion cost as its provider reported them (the call's cap when it reported none). */
function spent(answer: AiAnswer, maxTokens: number): Usage {
  const { promptTokens, completionTokens, totalTokens } = answer.usage;
  const prompt = promptTokens ?? 0;
  const completion = completionTokens ?? 0;
  const reported =
    totalTokens ??
    (promptTokens !== undefined || completionTokens !== undefined ? prompt + completion : undefined);
  return { promptTokens: prompt, completionTokens: completion, totalTokens: reported ?? maxTokens };
}

/** A model's tool call as it goes back into the conversation: an id, a safe name, object arguments. */
function keptCall(
  call: AiToolCall,
  round: number,
  index: number,
): Required<AiToolCall> & { arguments: Record<string, unknown> } {
  const args = call.arguments;
  return {
    id:
      typeof call.id === 'string' && call.id.length > 0 && call.id.length <= 200
        ? call.id
        : `call_${round}_${index}`,
    name: SAFE_NAME.test(call.name) ? call.name : 'unknown_tool',
    arguments:
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>)
        : {},
  };
}

function problemOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'arguments'}: ${issue.message}`)
    .join('; ');
}

export async function runAsk(deps: AiDeps, question: string): Promise<AskRun> {
  const messages: AiMessage[] = [
    { role: 'system', content: ASK_SYSTEM_PROMPT },
    { role: 'user', content: question },
  ];
  const sources = new Map<string, AskSource>();
  const usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  let rounds = 0;
  let toolCalls = 0;
  let routing: AiRouting | undefined;
  let text: string | undefined;

  for (let round = 1; round <= ASK_LIMITS.rounds; round++) {
    const maxTokens = Math.min(ASK_LIMITS.maxTokensPerRound, ASK_LIMITS.tokenBudget - usage.totalTokens);
    if (maxTokens <= 0) break;
    const lastRound = round === ASK_LIMITS.rounds;
    const result = await deps.data.ai.generate({
      messages,
      tools: [...ASK_TOOL_DEFINITIONS],
      toolChoice: lastRound ? 'none' : 'auto',
      maxTokens,
      timeoutMs: ROUND_TIMEOUT_MS,
    });
    if (result.status !== 'LIVE' && result.status !== 'CACHED') throw aiFailure(result);
    const answer = result.data as AiAnswer;
    rounds = round;
    routing = answer.routing;
    const cost = spent(answer, maxTokens);
    usage.promptTokens += cost.promptTokens;
    usage.completionTokens += cost.completionTokens;
    usage.totalTokens += cost.totalTokens;

    const calls = answer.toolCalls ?? [];
    if (calls.length === 0 || lastRound) {
      // The last round may not call tools: a call there is not run, and its text (if any) stands.
      text = answer.text?.trim() || undefined;
      if (calls.length === 0 && text === undefined) text = NO_TEXT;
      break;
    }

    const kept = calls.slice(0, MAX_CALLS_KEPT).map((call, i) => keptCall(call, round, i));
    messages.push({ role: 'assistant', content: '', toolCalls: kept });
    let runThisRound = 0;
    const results = kept.map(async (call, i): Promise<string> => {
      const tool = ASK_TOOLS.get(call.name);
      if (!tool) return UNKNOWN_TOOL;
      if (runThisRound >= ASK_LIMITS.toolCallsPerRound) return OVER_CALL_LIMIT;
      const raw = calls[i]?.arguments;
      const args = tool.args.safeParse(raw === undefined || raw === null ? {} : raw);
      if (!args.success) return invalidArguments(problemOf(args.error));
      runThisRound++;
      toolCalls++;
      try {
        const data = await tool.run(deps, args.data);
        collectSources(sources, tool.name, data);
        return toolResultMessage(tool.name, JSON.stringify(data) ?? 'null');
      } catch (error) {
        deps.log.warn(
          { tool: tool.name, err: error instanceof Error ? error.message : String(error) },
          'ask tool failed',
        );
        return TOOL_FAILED;
      }
    });
    const contents = await Promise.all(results);
    kept.forEach((call, i) =>
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: contents[i] as string }),
    );
  }

  if (!routing)
    throw new RegistryError('UPSTREAM_FAILED', 'The AI provider did not answer: no model call was made');
  const truncated = text === undefined || rounds === ASK_LIMITS.rounds;
  deps.log.info({ rounds, toolCalls, tokens: usage.totalTokens, truncated }, 'ask answered');
  return {
    answer: `${text ?? OUT_OF_LIMITS}\n\n${NOT_ADVICE}`,
    sources: [...sources.values()].sort(
      (a, b) => a.tool.localeCompare(b.tool) || a.source.localeCompare(b.source),
    ),
    routing,
    usage: { ...usage, rounds, toolCalls },
    truncated,
  };
}

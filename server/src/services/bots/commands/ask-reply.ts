// /ask <question> (docs/bots.md, "Commands"): the Ask agent (docs/public-api.md, "Ask") with the
// chat's daily question counter; the answer (it ends with the not-advice line), the sources its
// tools read and the model that answered. A failed model call gives the question back.
import { providerName } from '@pkg/shared';
import { runAsk } from '../../website/index.js';
import type { BotDeps } from '../bot-deps.js';
import { CHAT_QUESTIONS_PER_DAY, refundChatQuestion, takeChatQuestion } from '../chat-quota.js';
import { capText } from '../format/text.js';

/** Room kept for the source lines under the answer. */
const ANSWER_CHARS = 3_200;

export async function askReply(deps: BotDeps, chat: string, question: string): Promise<string> {
  const taken = await takeChatQuestion(deps, chat);
  if (!taken.taken)
    return `${CHAT_QUESTIONS_PER_DAY} questions a day in this chat; the next at ${taken.resetAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
  let run;
  try {
    run = await runAsk(deps.ai, question);
  } catch (error) {
    await refundChatQuestion(deps, taken.counter).catch(() => undefined);
    deps.log.warn({ msg: 'bot ask failed', chat, error: error instanceof Error ? error.message : 'error' });
    return 'The question could not be answered now (the model did not answer); it was not counted. Try again later.';
  }
  const lines = [capText(run.answer, ANSWER_CHARS)];
  const sources = run.sources.slice(0, 8);
  if (sources.length) {
    lines.push('', 'Sources:');
    for (const s of sources)
      lines.push(
        `- ${providerName(s.source)} (${s.tool}), ${s.fetchedAt.slice(0, 16).replace('T', ' ')} UTC`,
      );
  } else lines.push('', 'Sources: none (no tool was called)');
  lines.push(`Model: ${run.routing.actualModel}`);
  return lines.join('\n');
}

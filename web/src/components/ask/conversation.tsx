// The questions asked on this page and their answers, newest last. Kept in the page's state only:
// nothing of the conversation is stored, here or on the server (docs/website.md, "Ask").
import type { AskAnswer } from '@pkg/shared/contract';
import { AnswerView } from './answer';

export interface Turn {
  id: number;
  question: string;
  answer?: AskAnswer;
  /** The server's message when no answer came. */
  error?: string;
}

export function Conversation({ turns }: { turns: readonly Turn[] }) {
  if (turns.length === 0) return null;
  return (
    <section aria-labelledby="conversation-heading" className="conversation">
      <h2 id="conversation-heading">Your questions</h2>
      <ol className="turns">
        {turns.map((turn) => (
          <li key={turn.id} className="turn panel" data-testid="turn">
            <h3 className="question">{turn.question}</h3>
            {turn.answer ? <AnswerView answer={turn.answer} /> : null}
            {turn.error ? (
              <p role="alert" className="reason reason-error" data-testid="answer-error">
                No answer: {turn.error}
              </p>
            ) : null}
            {!turn.answer && !turn.error ? (
              <p role="status" data-testid="answer-pending">
                Reading data… the model is calling its tools and writing the answer.
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

// The question box of /ask: a labelled textarea with a character counter, the submit button off
// while a question is being answered or when no question is left.
import { useState, type FormEvent } from 'react';
import { ASK_LIMITS } from '@pkg/shared/contract';

export function AskForm({
  busy,
  disabled,
  onAsk,
}: {
  busy: boolean;
  disabled: boolean;
  onAsk: (question: string) => Promise<boolean>;
}) {
  const [question, setQuestion] = useState('');
  const max = ASK_LIMITS.questionChars;
  const blank = question.trim().length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || busy || disabled) return;
    if (await onAsk(question.trim())) setQuestion('');
  }

  return (
    <form className="ask-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label htmlFor="ask-question">Your question</label>
      <textarea
        id="ask-question"
        name="question"
        rows={3}
        maxLength={max}
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        aria-describedby="ask-question-count"
        disabled={disabled}
      />
      <div className="ask-form-row">
        <span id="ask-question-count" className="muted" data-testid="question-count">
          {question.length} / {max} characters
        </span>
        <button type="submit" disabled={busy || disabled || blank}>
          {busy ? 'Asking…' : 'Ask'}
        </button>
      </div>
    </form>
  );
}

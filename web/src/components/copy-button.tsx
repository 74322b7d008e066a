// Copies a text to the clipboard and says (politely, to screen readers too) whether it worked.
import { useState } from 'react';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={label}>
        Copy
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text instead' : ''}
      </span>
    </>
  );
}

// Where a person pastes a managing token; it goes to sessionStorage through onSave.
import { useState, type FormEvent } from 'react';

export function TokenForm({ onSave }: { onSave: (token: string) => void }) {
  const [value, setValue] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const token = value.trim();
    if (token) onSave(token);
    setValue('');
  }
  return (
    <form onSubmit={submit} aria-label="Use a managing token">
      <label htmlFor="account-token">Managing token</label>
      <input
        id="account-token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="pkg_…"
      />
      <button type="submit">Use token</button>
      <p className="hint">
        Kept in this tab only (session storage) and sent only to this registry. Closing the tab forgets it.
      </p>
    </form>
  );
}

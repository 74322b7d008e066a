// The search box in every page's header: a labelled search form that navigates to /search?q=.
// "/" anywhere outside a text field focuses it.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';

export function SearchBox() {
  const navigate = useNavigate();
  const current = useRouterState({
    select: (s) => {
      const q = (s.location.search as { q?: unknown }).q;
      return s.location.pathname === '/search' && typeof q === 'string' ? q : '';
    },
  });
  const [q, setQ] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => setQ(current), [current]);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.current?.focus();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <form
      role="search"
      aria-label="Packages"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: '/search', search: { q: q.trim() } });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search packages
      </label>
      <input
        id={id}
        ref={input}
        type="search"
        name="q"
        value={q}
        maxLength={200}
        placeholder="Search packages (press /)"
        autoComplete="off"
        onChange={(event) => setQ(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

// The frame of every embeddable card: a heading, the card's body, the not-advice line and a link
// to the full page on this site (a new tab, since the card sits in another site's page).
import type { ReactNode } from 'react';
import { NotAdvice } from '../data/not-advice';

export function EmbedCard({
  title,
  fullPage,
  children,
}: {
  title: string;
  /** Path of the full page on this site, e.g. `/token`. */
  fullPage: string;
  children: ReactNode;
}) {
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <main className="embed-card" data-testid="embed-card">
      <h1>{title}</h1>
      {children}
      <footer className="embed-footer">
        <NotAdvice />
        <a href={fullPage} target="_blank" rel="noopener" data-testid="embed-site-link">
          on {host}
        </a>
      </footer>
    </main>
  );
}

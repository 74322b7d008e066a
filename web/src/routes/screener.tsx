// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/screener')({
  component: () => <h1>Screener</h1>,
});

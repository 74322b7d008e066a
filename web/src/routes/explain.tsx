// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/explain')({
  component: () => <h1>Explain</h1>,
});

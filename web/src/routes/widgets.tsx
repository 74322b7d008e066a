// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/widgets')({
  component: () => <h1>Widgets</h1>,
});

// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/live')({
  component: () => <h1>Live</h1>,
});

// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/embed/token')({
  component: () => <h1>Token card</h1>,
});

// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/embed/stock/$symbol')({
  component: () => <h1>Stock card</h1>,
});

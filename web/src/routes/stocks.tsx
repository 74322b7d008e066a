// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/stocks')({
  component: () => <h1>Stocks</h1>,
});

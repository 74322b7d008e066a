// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/wallet/$address')({
  component: () => <h1>Wallet</h1>,
});

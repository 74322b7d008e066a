// Placeholder while the page is built (issue 16).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/embed/pool/$network/$address')({
  component: () => <h1>Pool card</h1>,
});

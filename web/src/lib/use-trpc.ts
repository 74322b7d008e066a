// The tRPC options proxy from the router context, for components below a route.
import { useRouteContext } from '@tanstack/react-router';

export function useTRPC() {
  return useRouteContext({ from: '__root__', select: (c) => c.trpc });
}

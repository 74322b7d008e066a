// The typed tRPC client of the SPA: same origin, superjson, TanStack Query options proxy.
// The AI procedures (ask.*, holderPass.*, explanations.*) go through their own link, which sends
// the holder pass (lib/holder-pass.ts) as `Authorization: Bearer` when one is stored and still
// valid; every other call stays anonymous. A call the server answers PASS_INVALID (forged,
// altered or expired pass) removes the stored pass, so the page can say so.
import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@pkg/server/router';
import superjson from 'superjson';
import { currentPass, dropPass } from './holder-pass';
import { queryClient } from './query-client';

/** The procedures that read the holder pass (docs/public-api.md, "Holder pass"). */
const PASS_PATHS = /^(?:ask|holderPass|explanations)\./;

/** fetch, dropping the stored pass when the server refused it. */
async function passFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (res.status !== 200 && currentPass() && (await res.clone().text()).includes('"PASS_INVALID"'))
    dropPass('refused');
  return res;
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => PASS_PATHS.test(op.path),
      true: httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch: passFetch,
        headers: (): Record<string, string> => {
          const pass = currentPass();
          return pass ? { authorization: `Bearer ${pass.pass}` } : {};
        },
      }),
      false: httpBatchLink({ url: '/trpc', transformer: superjson }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

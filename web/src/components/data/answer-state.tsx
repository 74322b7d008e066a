// A doc-3 page's whole answer: loading, the request failed (with the message), or the answer;
// and, when a refresh fails while older data is shown, a line saying so and how old it is.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatAge } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { ErrorMessage, Loading } from '../query-state';

export function AnswerState<T, E>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, E>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  const now = useNow();
  if (query.isPending) return <Loading what={what} />;
  if (query.isError && query.data === undefined) return <ErrorMessage what={what} error={query.error} />;
  return (
    <>
      {query.isRefetchError ? (
        <p role="alert" className="error">
          Refreshing {what} failed ({query.error instanceof Error ? query.error.message : String(query.error)}
          ); showing the answer from {formatAge(new Date(query.dataUpdatedAt).toISOString(), now)}.
        </p>
      ) : null}
      {children(query.data as T)}
    </>
  );
}

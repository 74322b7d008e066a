// The honest states of a section: loading, failed with the message, or the data.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function Loading({ what }: { what: string }) {
  return <p role="status">Loading {what}…</p>;
}

export function ErrorMessage({ what, error }: { what: string; error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="error">
      Could not load {what}: {message}
    </p>
  );
}

export function QueryState<T, E>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, E>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorMessage what={what} error={query.error} />;
  return <>{children(query.data)}</>;
}

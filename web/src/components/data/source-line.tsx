// "GeckoTerminal · 12 s ago": where a panel's data came from and how old it is (its provenance),
// with the exact time on hover and "cached" when the server answered from its cache.
import type { DataProvenance } from '@pkg/shared/contract';
import { formatAge, formatDate } from '../../lib/format';
import { providerName } from '@pkg/shared/contract';
import { useNow } from '../../lib/use-now';

export function SourceLine({
  provenance,
  cached,
}: {
  provenance: Pick<DataProvenance, 'source' | 'fetchedAt' | 'blockNumber'>;
  cached?: boolean;
}) {
  const now = useNow();
  return (
    <p className="source" data-testid="source">
      <span data-testid="source-name">{providerName(provenance.source)}</span>
      {' · '}
      <time dateTime={provenance.fetchedAt} title={formatDate(provenance.fetchedAt)} data-testid="source-age">
        {formatAge(provenance.fetchedAt, now)}
      </time>
      {provenance.blockNumber ? ` · block ${provenance.blockNumber}` : null}
      {cached ? ' · cached' : null}
    </p>
  );
}

// What the registry recorded when the version was published (not a cryptographic signature).
import type { ProvenanceAnswer } from '@pkg/shared/contract';
import { formatBytes, formatDate } from '../../lib/format';

export function ProvenanceFacts({ answer }: { answer: ProvenanceAnswer }) {
  const p = answer.provenance;
  return (
    <>
      {p.recorded ? null : (
        <p>This version predates provenance records; these facts are derived from its metadata.</p>
      )}
      <dl className="facts" data-testid="provenance">
        <dt>Publisher</dt>
        <dd data-testid="provenance-publisher">
          {p.publisher.user} <span className="muted">(via {p.publisher.via})</span>
        </dd>
        <dt>Published</dt>
        <dd>
          <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
        </dd>
        <dt>Integrity</dt>
        <dd>
          <code data-testid="provenance-integrity">{p.artifact.integrity}</code>
        </dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(p.artifact.size)} ({p.artifact.format})
        </dd>
        <dt>Client</dt>
        <dd data-testid="provenance-client">
          {p.client ? `${p.client.name} ${p.client.version}` : 'Not recorded'}
        </dd>
        <dt>Source</dt>
        <dd data-testid="provenance-source">
          {p.source ? (
            <>
              <code>{p.source.repository}</code> at commit <code>{p.source.commit}</code>{' '}
              <span className="muted">(reported by the publisher, not verified)</span>
            </>
          ) : (
            'Not recorded'
          )}
        </dd>
        <dt>Stored in</dt>
        <dd>{answer.location.backend}</dd>
      </dl>
    </>
  );
}

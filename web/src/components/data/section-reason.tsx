// Why a section has no data: unavailable (a variable or provider not configured, named in the
// reason) or failed (what the provider answered). Never a blank, a spinner or a 0.
import type { Section } from '@pkg/shared/contract';

export function SectionReason({ section }: { section: Pick<Section, 'status' | 'code' | 'reason'> }) {
  const failed = section.status === 'ERROR';
  return (
    <p className={failed ? 'reason reason-error' : 'reason'} data-testid="section-reason">
      <strong>{failed ? 'Failed' : 'Unavailable'}</strong>
      {': '}
      {section.reason ?? 'no reason was given'}
      {section.code ? <span className="muted"> ({section.code})</span> : null}
    </p>
  );
}

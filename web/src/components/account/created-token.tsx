// A new publish token's value, shown this once with a copy button.
import type { CreatedToken } from '@pkg/shared/contract';
import { CopyButton } from '../copy-button';

export function CreatedTokenNotice({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  return (
    <div className="notice" role="region" aria-label="New publish token" data-testid="created-token">
      <p>Publish token {created.id} was created. Copy it now: it is shown this once and never again.</p>
      <code data-testid="created-token-value">{created.token}</code>{' '}
      <CopyButton text={created.token} label="Copy the new token" />
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

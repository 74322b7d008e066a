// Who the pasted token belongs to: user, namespaces, and the token itself.
import type { Whoami } from '@pkg/shared/contract';

const list = (items: string[]) => (items.length ? items.map((n) => `@${n}`).join(', ') : 'none');

export function WhoamiFacts({ whoami }: { whoami: Whoami }) {
  return (
    <dl className="facts" data-testid="whoami">
      <dt>User</dt>
      <dd data-testid="whoami-user">{whoami.user}</dd>
      <dt>Owns</dt>
      <dd>{list(whoami.owns)}</dd>
      <dt>Maintains</dt>
      <dd>{list(whoami.maintains)}</dd>
      <dt>This token</dt>
      <dd data-testid="whoami-token">
        {whoami.token.kind === 'manage' ? 'managing' : 'publish'} token {whoami.token.id}
      </dd>
    </dl>
  );
}

// What a version may touch, at a glance (its manifest's permissions, docs/sandbox.md): one badge
// for the network ("no network", or a badge a declared host), one for file writes, one for
// environment variables, one for file reads. The words carry it; the full lists are in the
// Permissions section (permissions-list.tsx).
import type { Permissions } from '@pkg/shared/contract';

export function PermissionBadges({ permissions }: { permissions: Permissions }) {
  const { fs, network, env } = permissions;
  return (
    <ul className="badges" data-testid="permission-badges" aria-label="Permissions at a glance">
      {network.length === 0 ? (
        <li className="badge badge-quiet">no network</li>
      ) : (
        network.map((host) => (
          <li key={host} className="badge badge-touch" title="May connect to this host">
            network: {host}
          </li>
        ))
      )}
      <li
        className={`badge ${fs.write.length ? 'badge-touch' : 'badge-quiet'}`}
        title={listed('Writes to', fs.write)}
      >
        {fs.write.length ? 'writes files' : 'no file writes'}
      </li>
      <li className={`badge ${env.length ? 'badge-touch' : 'badge-quiet'}`} title={listed('Reads', env)}>
        {env.length ? 'reads env' : 'no env'}
      </li>
      {fs.read.length ? (
        <li className="badge badge-touch" title={listed('Reads from', fs.read)}>
          reads files
        </li>
      ) : null}
    </ul>
  );
}

function listed(what: string, items: readonly string[]): string | undefined {
  return items.length ? `${what} ${items.join(', ')}` : undefined;
}

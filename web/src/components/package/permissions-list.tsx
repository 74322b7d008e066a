// The permissions a version asks for, in plain words.
import type { Permissions } from '@pkg/shared/contract';

function Paths({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>
          <code>{item}</code>
        </li>
      ))}
    </ul>
  );
}

export function PermissionsList({ permissions }: { permissions: Permissions }) {
  const { fs, network, env } = permissions;
  const none = fs.read.length + fs.write.length + network.length + env.length === 0;
  if (none) return <p data-testid="permissions-none">This package asks for no permissions.</p>;
  return (
    <ul className="permissions" data-testid="permissions">
      <li>
        {fs.read.length ? 'Read files at:' : 'Reads no files.'}
        {fs.read.length ? <Paths items={fs.read} /> : null}
      </li>
      <li>
        {fs.write.length ? 'Write files at:' : 'Writes no files.'}
        {fs.write.length ? <Paths items={fs.write} /> : null}
      </li>
      <li>
        {network.length ? 'Connect over the network to:' : 'Makes no network connections.'}
        {network.length ? <Paths items={network} /> : null}
      </li>
      <li>
        {env.length ? 'Read the environment variables:' : 'Reads no environment variables.'}
        {env.length ? <Paths items={env} /> : null}
      </li>
    </ul>
  );
}

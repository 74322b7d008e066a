// What a version asks for that the version before it did not, and what it no longer asks for
// (packages.insights' permissionDiff; the version before is the highest published below it,
// docs/browsing.md). `pkg install` asks for consent again when an update widens them
// (docs/sandbox.md).
import { Link } from '@tanstack/react-router';
import type { PermissionDiff, Permissions } from '@pkg/shared/contract';

interface Props {
  diff: PermissionDiff | null;
  namespace: string;
  name: string;
}

export function PermissionDiffSection({ diff, namespace, name }: Props) {
  return (
    <section aria-labelledby="permission-diff-heading" data-testid="permission-diff">
      <h2 id="permission-diff-heading">Permission changes</h2>
      {diff === null ? (
        <p data-testid="permission-diff-first">The first version: there is no earlier one to compare with.</p>
      ) : (
        <>
          <p>
            Compared with{' '}
            <Link to="/@{$namespace}/$name/v/$version" params={{ namespace, name, version: diff.previous }}>
              {diff.previous}
            </Link>
            :
          </p>
          <Changes
            title="Asks for, new in this version"
            testId="permission-diff-added"
            items={lines(diff.added)}
          />
          <Changes title="No longer asks for" testId="permission-diff-removed" items={lines(diff.removed)} />
        </>
      )}
    </section>
  );
}

function Changes({ title, testId, items }: { title: string; testId: string; items: string[] }) {
  return (
    <div data-testid={testId}>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">Nothing.</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One line a permission: "network: api.example.com", "write files: out/". */
function lines(p: Permissions): string[] {
  return [
    ...p.network.map((host) => `network: ${host}`),
    ...p.fs.write.map((path) => `write files: ${path}`),
    ...p.fs.read.map((path) => `read files: ${path}`),
    ...p.env.map((name) => `environment variable: ${name}`),
  ];
}

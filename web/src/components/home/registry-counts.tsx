// How much the registry holds (the overview's counts): packages, versions and namespaces.
import type { RegistryOverview } from '@pkg/shared/contract';
import { formatCount } from '../../lib/format';

export function RegistryCounts({ counts }: { counts: RegistryOverview['counts'] }) {
  const rows = [
    ['packages', 'Packages', counts.packages],
    ['versions', 'Versions', counts.versions],
    ['namespaces', 'Namespaces', counts.namespaces],
  ] as const;
  return (
    <dl className="counts" data-testid="registry-counts">
      {rows.map(([what, label, n]) => (
        <div key={what} data-testid={`count-${what}`}>
          <dt>{label}</dt>
          <dd>{formatCount(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

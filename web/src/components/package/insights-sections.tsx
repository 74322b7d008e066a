// The sections read from packages.insights for the shown version (docs/browsing.md): the score,
// the findings of the static look at the tool code, and the permission changes since the version
// before. Each reads the same query (one request) and shows its own loading or error.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/use-trpc';
import { QueryState } from '../query-state';
import { FindingsList } from './findings-list';
import { PermissionDiffSection } from './permission-diff';
import { ScorePanel } from './score-panel';

interface VersionPath {
  namespace: string;
  name: string;
  version: string;
}

function useInsights(path: VersionPath) {
  const trpc = useTRPC();
  return useQuery(trpc.packages.insights.queryOptions(path));
}

export function Score({ path }: { path: VersionPath }) {
  const insights = useInsights(path);
  return (
    <QueryState query={insights} what="the score">
      {(data) => <ScorePanel score={data.score} />}
    </QueryState>
  );
}

export function Findings({ path }: { path: VersionPath }) {
  const insights = useInsights(path);
  return (
    <QueryState query={insights} what="the findings">
      {(data) => <FindingsList findings={data.findings} />}
    </QueryState>
  );
}

export function PermissionChanges({ path }: { path: VersionPath }) {
  const insights = useInsights(path);
  return (
    <QueryState query={insights} what="the permission changes">
      {(data) => (
        <PermissionDiffSection diff={data.permissionDiff} namespace={path.namespace} name={path.name} />
      )}
    </QueryState>
  );
}

// The sections read from packages.insights for the shown version (docs/browsing.md): the score,
// the findings of the static look at the tool code, and the permission changes since the version
// before. Each reads the same query (one request) and shows its own loading or error. The
// findings sit below SKILL.md and the tools: their list is its own chunk, loaded once the answer
// is in (docs/performance.md, "The package page").
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTRPC } from '../../lib/use-trpc';
import { QueryState } from '../query-state';
import { PermissionDiffSection } from './permission-diff';
import { ScorePanel } from './score-panel';

const FindingsList = lazy(() => import('./findings-list').then((m) => ({ default: m.FindingsList })));

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
      {(data) => (
        <Suspense fallback={<p role="status">Loading the findings…</p>}>
          <FindingsList findings={data.findings} />
        </Suspense>
      )}
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

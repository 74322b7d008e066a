// What a version's record says of its trust (docs/trust.md, docs/website.md "The version page"):
// banners for a yanked or deprecated version, and the signature, checked in this browser against
// the registry's listed keys, with its key's status and the version's entry in the log.
import { useQuery } from '@tanstack/react-query';
import type { RegistryKey, RegistryKeys, VersionRecord } from '@pkg/shared/contract';
import { formatDate } from '../../lib/format';
import { useTRPC } from '../../lib/use-trpc';
import { checkSignature, type SignatureCheck } from '../../lib/verify-signature';
import { QueryState } from '../query-state';

/** The yanked and deprecated banners of a version; nothing when it is neither. */
export function TrustBanners({ record }: { record: VersionRecord }) {
  const { yanked, deprecated } = record;
  return (
    <>
      {yanked ? (
        <div role="status" className="banner banner-yanked" data-testid="yanked-banner">
          <strong>Yanked:</strong> <span data-testid="yanked-reason">{yanked.reason}</span>{' '}
          <span className="muted">
            (by {yanked.by}, <time dateTime={yanked.at}>{formatDate(yanked.at)}</time>)
          </span>
          . No range installs it; a lock file that pins it still does, with a warning.
        </div>
      ) : null}
      {deprecated ? (
        <div role="status" className="banner banner-deprecated" data-testid="deprecated-banner">
          <strong>Deprecated:</strong> <span data-testid="deprecated-message">{deprecated.message}</span>{' '}
          <span className="muted">
            (by {deprecated.by}, <time dateTime={deprecated.at}>{formatDate(deprecated.at)}</time>)
          </span>
        </div>
      ) : null}
    </>
  );
}

interface VersionPath {
  namespace: string;
  name: string;
  version: string;
}

/** The section "Signature and log" of a version page; its heading an h3 inside the trust panel. */
export function SignatureSection({
  record,
  path,
  level = 2,
}: {
  record: VersionRecord;
  path: VersionPath;
  level?: 2 | 3;
}) {
  const trpc = useTRPC();
  const Heading = level === 3 ? 'h3' : 'h2';
  const keys = useQuery(trpc.trust.keys.queryOptions());
  const proof = `/log/proof/inclusion/${encodeURIComponent(path.namespace)}/${encodeURIComponent(path.name)}/${encodeURIComponent(path.version)}`;
  return (
    <section aria-labelledby="signature-heading">
      <Heading id="signature-heading">Signature and log</Heading>
      <QueryState query={keys} what="the registry's keys">
        {(answer) => <SignatureFacts record={record} keys={answer} />}
      </QueryState>
      <dl className="facts" data-testid="log-facts">
        <dt>Log entry</dt>
        <dd data-testid="log-index">
          {record.log ? (
            <>
              {record.log.index} (<a href={proof}>inclusion proof</a>)
            </>
          ) : (
            'Not in the log yet'
          )}
        </dd>
      </dl>
    </section>
  );
}

function SignatureFacts({ record, keys }: { record: VersionRecord; keys: RegistryKeys }) {
  const check = useQuery({
    queryKey: ['signature-check', record, keys],
    queryFn: () => checkSignature(record, keys),
    staleTime: Infinity,
  });
  const keyid = record.signatures[0]?.keyid;
  if (!keyid) return <p data-testid="signature-status">This version is not signed.</p>;
  return (
    <dl className="facts" data-testid="signature">
      <dt>Signed by key</dt>
      <dd>
        <code data-testid="signature-keyid">{keyid}</code>
      </dd>
      <dt>Signature</dt>
      <dd data-testid="signature-status" data-status={check.data?.status ?? 'checking'} aria-live="polite">
        {check.isPending
          ? 'Checking…'
          : check.isError
            ? 'Not checked: the check failed'
            : verdict(check.data)}
      </dd>
      <dt>Key status</dt>
      <dd data-testid="key-status">{keyStatus(keys.keys.find((k) => k.keyid === keyid))}</dd>
    </dl>
  );
}

function verdict(check: SignatureCheck): string {
  switch (check.status) {
    case 'valid':
      return '✓ valid, checked in this browser';
    case 'invalid':
      return `✗ invalid: ${check.reason}`;
    case 'unchecked':
      return `Not checked in this browser: ${check.reason}`;
    case 'unsigned':
      return 'Not signed';
  }
}

function keyStatus(key: RegistryKey | undefined): string {
  if (!key) return 'not listed by the registry';
  if (key.status === 'current') return 'current';
  return key.expires ? `retired since ${formatDate(key.expires)}` : 'retired';
}

// "Can I trust this?" at a glance (docs/website.md, "The version page"): where the version was
// built (the build identity the registry verified, or the source the publisher reported), what
// it may touch as badges, and its signature, checked in this browser, with its log entry.
import type { VersionRecord } from '@pkg/shared/contract';
import { BuildLine } from './build-line';
import { PermissionBadges } from './permission-badges';
import { SignatureSection } from './version-trust';

interface Props {
  record: VersionRecord;
  path: { namespace: string; name: string; version: string };
}

export function TrustPanel({ record, path }: Props) {
  const { build, source } = record.provenance;
  return (
    <section aria-labelledby="trust-heading" className="panel trust-panel" data-testid="trust-panel">
      <h2 id="trust-heading">Trust</h2>
      <h3>Built from</h3>
      {build || source ? (
        <BuildLine provenance={record.provenance} />
      ) : (
        <p data-testid="build-none">
          No build identity: published with a token, and the publisher reported no source.
        </p>
      )}
      <h3>May touch</h3>
      <PermissionBadges permissions={record.manifest.permissions} />
      <SignatureSection record={record} path={path} level={3} />
    </section>
  );
}

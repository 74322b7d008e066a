// The provenance record of a version (docs/registry-api.md, "Provenance"): recorded once at
// publish, or derived from metadata (`recorded: false`) for a version whose publish recorded none
// (docs/legacy-bundles.md). Built here only, for publishVersion (version-writes.ts) and for the
// provenance migration (db/migrations.ts).
import { API_VERSION, formatPackageId, type Provenance } from '@pkg/shared';

/** The facts a provenance record states. */
export interface ProvenanceFacts {
  namespace: string;
  name: string;
  version: string;
  publishedBy: string;
  publishedAt: Date;
  integrity: string;
  size: number;
  format: Provenance['artifact']['format'];
  filename: string;
  manifestSha256: string;
}

/**
 * How a provenance record came about: recorded by this publish (`recorded: true`, with the client
 * and source the CLI reported), or derived from metadata for a version whose publish recorded
 * none (`recorded: false`: the legacy import, the provenance migration).
 */
export interface ProvenanceOrigin {
  recorded: boolean;
  /** How the publisher published: `token`, `oidc` (trusted publishing), `import`, `legacy`. */
  via: string;
  client?: Provenance['client'] | undefined;
  source?: Provenance['source'] | undefined;
  /** The build identity verified by the OIDC exchange (docs/publishing.md). */
  build?: Provenance['build'] | undefined;
}

/** The provenance record of a version (docs/registry-api.md, "Provenance"). */
export function provenanceOf(facts: ProvenanceFacts, origin: ProvenanceOrigin): Provenance {
  return {
    schemaVersion: 1,
    recorded: origin.recorded,
    registryApiVersion: API_VERSION,
    package: formatPackageId(facts.namespace, facts.name),
    version: facts.version,
    namespace: facts.namespace,
    publisher: { user: facts.publishedBy, via: origin.via },
    publishedAt: facts.publishedAt.toISOString(),
    artifact: {
      integrity: facts.integrity,
      size: facts.size,
      format: facts.format,
      filename: facts.filename,
    },
    manifestSha256: facts.manifestSha256,
    ...(origin.client ? { client: origin.client } : {}),
    ...(origin.source ? { source: origin.source } : {}),
    ...(origin.build ? { build: origin.build } : {}),
  };
}

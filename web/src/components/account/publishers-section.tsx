// Trusted publishers of a package the user picks (docs/publishing.md; docs/website.md, "Trusted
// publishers on /account"): the CI workflows that may publish it with no stored secret, the form to
// add one, remove with a confirm, and the switch that refuses classic tokens for it. The namespace's
// owner changes them, with a managing token, like the maintainers; the picker offers the packages
// of the namespaces they own.
import { useState } from 'react';
import { OIDC_TOKEN_MINUTES, type PackageRef } from '@pkg/shared/contract';
import type { AccountClient } from '../../lib/account-client';
import { PackagePicker } from './package-picker';
import { PackagePublishers } from './package-publishers';

export function PublishersSection({ client, owns }: { client: AccountClient; owns: string[] }) {
  const [picked, setPicked] = useState<PackageRef | null>(null);
  return (
    <section aria-labelledby="publishers-heading">
      <h2 id="publishers-heading">Trusted publishers</h2>
      <p className="hint" data-testid="publishers-explainer">
        A trusted publisher is a CI workflow (GitHub Actions or GitLab CI/CD) allowed to publish a package
        with no stored secret: the job trades its OIDC ID token for a publish token for that one package,
        valid {OIDC_TOKEN_MINUTES} minutes (<code>pkg publish --oidc</code>), and the version records the
        build the registry verified: repository, commit, workflow and run.
      </p>
      <PackagePicker client={client} namespaces={owns} picked={picked} onPick={setPicked} />
      {picked ? (
        <PackagePublishers key={`${picked.namespace}/${picked.name}`} client={client} pkg={picked} />
      ) : null}
    </section>
  );
}

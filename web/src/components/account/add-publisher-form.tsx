// Adds a trusted publisher to a package: platform, repository, workflow (with each platform's
// placeholder and default) and an optional environment, checked with the contract's schema
// (addPublisherInputSchema) before anything is sent; the registry's refusal is shown as it gives it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  addPublisherInputSchema,
  OIDC_PLATFORMS,
  type OidcPlatform,
  type PackageRef,
} from '@pkg/shared/contract';
import { accountErrorMessage, publishersQueryKey, type AccountClient } from '../../lib/account-client';

/** What each platform's fields expect (docs/publishing.md, "Registering a trusted publisher"). */
export const PLATFORM_FIELDS = {
  github: {
    label: 'GitHub Actions',
    repository: 'acme/clock',
    repositoryHint: 'owner/name',
    workflowPlaceholder: '.github/workflows/release.yml',
    workflowDefault: '',
    workflowHint: 'The workflow file; a bare file name means .github/workflows/<name>.',
    environmentHint: 'A GitHub deployment environment; when set, only jobs running in it match.',
  },
  gitlab: {
    label: 'GitLab CI/CD',
    repository: 'group/project',
    repositoryHint: 'group/…/project',
    workflowPlaceholder: '.gitlab-ci.yml',
    workflowDefault: '.gitlab-ci.yml',
    workflowHint: "The project's CI configuration file.",
    environmentHint: 'A GitLab environment; when set, only jobs deploying to it match.',
  },
} as const satisfies Record<OidcPlatform, Record<string, string>>;

type FieldName = 'repository' | 'workflow' | 'environment';
type Errors = Partial<Record<FieldName | 'form', string>>;

export interface Draft {
  platform: OidcPlatform;
  repository: string;
  workflow: string;
  environment: string;
}

const EMPTY: Draft = { platform: 'github', repository: '', workflow: '', environment: '' };

/** The input the schema accepts, or the first message of each field it refuses. */
export function checkDraft(pkg: PackageRef, draft: Draft) {
  const parsed = addPublisherInputSchema.safeParse({
    ...pkg,
    ...draft,
    environment: draft.environment.trim() || undefined,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field: FieldName | 'form' =
      key === 'repository' || key === 'workflow' || key === 'environment' ? key : 'form';
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The draft on another platform: a workflow left empty or at the old default takes the new one's. */
export function withPlatform(draft: Draft, platform: OidcPlatform): Draft {
  const untouched =
    draft.workflow.trim() === '' || draft.workflow === PLATFORM_FIELDS[draft.platform].workflowDefault;
  const workflow = untouched ? PLATFORM_FIELDS[platform].workflowDefault : draft.workflow;
  return { ...draft, platform, workflow };
}

export function AddPublisherForm({ client, pkg }: { client: AccountClient; pkg: PackageRef }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const add = useMutation({
    mutationFn: (input: Parameters<AccountClient['publishers']['add']['mutate']>[0]) =>
      client.publishers.add.mutate(input),
    onSuccess: async () => {
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: publishersQueryKey(pkg) });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const result = checkDraft(pkg, draft);
    setErrors(result.errors ?? {});
    if (result.input) add.mutate(result.input);
  }
  const fields = PLATFORM_FIELDS[draft.platform];
  const set = (name: FieldName) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  return (
    <form onSubmit={submit} aria-labelledby="add-publisher-heading" noValidate data-testid="add-publisher">
      <h4 id="add-publisher-heading">Add a trusted publisher</h4>
      <PlatformSelect value={draft.platform} onChange={(p) => setDraft((d) => withPlatform(d, p))} />
      <Field
        label="Repository"
        value={draft.repository}
        onChange={set('repository')}
        error={errors.repository}
        placeholder={fields.repository}
        hint={fields.repositoryHint}
      />
      <Field
        label="Workflow"
        value={draft.workflow}
        onChange={set('workflow')}
        error={errors.workflow}
        placeholder={fields.workflowPlaceholder}
        hint={fields.workflowHint}
      />
      <Field
        label="Environment (optional)"
        value={draft.environment}
        onChange={set('environment')}
        error={errors.environment}
        hint={fields.environmentHint}
      />
      <button type="submit" disabled={add.isPending}>
        Add publisher
      </button>
      {errors.form ? (
        <p role="alert" className="error">
          {errors.form}
        </p>
      ) : null}
      {add.isError ? (
        <p role="alert" className="error" data-testid="add-publisher-error">
          Could not add the publisher: {accountErrorMessage(add.error)}
        </p>
      ) : null}
    </form>
  );
}

function PlatformSelect({ value, onChange }: { value: OidcPlatform; onChange: (p: OidcPlatform) => void }) {
  return (
    <div className="form-field">
      <label htmlFor="publisher-platform">CI platform</label>
      <select
        id="publisher-platform"
        value={value}
        onChange={(e) => onChange(e.target.value as OidcPlatform)}
      >
        {OIDC_PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {PLATFORM_FIELDS[p].label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint: string;
  placeholder?: string;
}

function Field({ label, value, onChange, error, hint, placeholder }: FieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
      />
      {error ? (
        <span id={`${id}-note`} className="field-error" role="alert">
          {label}: {error}
        </span>
      ) : (
        <span id={`${id}-note`} className="muted field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

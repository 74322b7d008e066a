// The account page's form to add a trusted publisher (web/src/components/account/
// add-publisher-form.tsx): the draft is checked with the contract's addPublisherInputSchema before
// anything is sent, each refusal under its own field, and changing the platform brings that
// platform's default workflow only where the field was left empty or at the other default.
import { describe, expect, it } from 'vitest';
import { checkDraft, withPlatform, type Draft } from '../../src/components/account/add-publisher-form';

const pkg = { namespace: 'acme', name: 'clock' };
const draft: Draft = {
  platform: 'github',
  repository: 'acme/clock',
  workflow: '.github/workflows/release.yml',
  environment: '',
};

describe('checkDraft', () => {
  it('gives the input to send, without an empty environment', () => {
    expect(checkDraft(pkg, { ...draft, repository: ' acme/clock ' })).toEqual({
      input: {
        ...pkg,
        platform: 'github',
        repository: 'acme/clock',
        workflow: '.github/workflows/release.yml',
      },
    });
    expect(checkDraft(pkg, { ...draft, environment: 'release' }).input?.environment).toBe('release');
  });

  it('refuses each bad field with the schema message, under that field', () => {
    const checked = checkDraft(pkg, { ...draft, repository: 'clock', workflow: '../x.yml@main' });
    expect(checked.input).toBeUndefined();
    expect(checked.errors).toMatchInlineSnapshot(`
      {
        "repository": "a repository is owner/name (GitLab: group/…/project)",
        "workflow": "a workflow is a file path inside the repository, without ".." or "@ref"",
      }
    `);
    expect(checkDraft(pkg, { ...draft, repository: '' }).errors?.repository).toBe(
      'the repository is required',
    );
    expect(checkDraft(pkg, { ...draft, environment: 'a\nb' }).errors?.environment).toBe(
      'the environment is one line, without control characters',
    );
  });

  it('puts a refused package on the form, not on a field', () => {
    expect(Object.keys(checkDraft({ namespace: 'A B', name: 'clock' }, draft).errors ?? {})).toEqual([
      'form',
    ]);
  });
});

describe('withPlatform', () => {
  it('fills the GitLab default into an empty workflow, and takes it back on GitHub', () => {
    const gitlab = withPlatform({ ...draft, workflow: '' }, 'gitlab');
    expect(gitlab.workflow).toBe('.gitlab-ci.yml');
    expect(withPlatform(gitlab, 'github').workflow).toBe('');
  });

  it('keeps a workflow the person typed', () => {
    expect(withPlatform(draft, 'gitlab').workflow).toBe('.github/workflows/release.yml');
    expect(
      withPlatform({ ...draft, platform: 'gitlab', workflow: 'ci/release.yml' }, 'github').workflow,
    ).toBe('ci/release.yml');
  });
});

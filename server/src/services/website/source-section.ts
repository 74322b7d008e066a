// One data-layer envelope as a `/v1` section (docs/public-api.md, "Sections"), like toSection,
// but with the reason a reader needs: the providers' own answers (which variable is unset, which
// provider said what) rather than the router's summary ("no provider has data").
import { toSection, type Result, type Section } from '@pkg/shared';

/** Why an envelope carries no data, in one line: the summary, then each provider's answer. */
export function whyNot(result: Result): string {
  if (result.status === 'UNAVAILABLE') {
    const answers = (result.answers ?? []).map((a) => `${a.provider}: ${a.error}`);
    return answers.length > 0 ? `${result.reason} (${answers.join('; ')})` : result.reason;
  }
  if (result.status === 'ERROR') {
    const attempts = result.attemptedProviders.map((a) => `${a.provider}: ${a.error}`);
    return attempts.length > 0 ? `${result.message} (${attempts.join('; ')})` : result.message;
  }
  return '';
}

export const served = (result: Result): result is Extract<Result, { status: 'LIVE' | 'CACHED' }> =>
  result.status === 'LIVE' || result.status === 'CACHED';

/** The envelope as a section: its data (mapped) with its provenance, or its code and full reason. */
export function sourceSection<T>(result: Result, data: (value: unknown) => T): Section<T> {
  const section = toSection(result, data);
  return served(result) ? section : { ...section, reason: whyNot(result) };
}

/** A section that failed for the reason of another one (an input it depended on). */
export function dependentSection(input: string, failed: Section): Section<never> {
  return {
    status: failed.status === 'ERROR' ? 'ERROR' : 'UNAVAILABLE',
    ...(failed.code !== undefined ? { code: failed.code } : {}),
    reason: `${input}: ${failed.reason ?? failed.status}`,
  };
}

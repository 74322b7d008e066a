// A contract whose source no explorer has verified (the explainer answers NOT_VERIFIED for it:
// docs/public-api.md, "Contract explainer"): every explorer answered that it has no data, or the
// explorer said so itself. Any other failure is an explorer that could not be read now.
import { NO_DATA_REASON, type Section } from '@pkg/shared/contract';

export function isNotVerified(section: Section<unknown>): boolean {
  return (
    section.code === 'NOT_FOUND' ||
    (section.status === 'UNAVAILABLE' && section.reason === NO_DATA_REASON) ||
    /no verified source/i.test(section.reason ?? '')
  );
}

// "50 questions left today as a holder · resets at 00:00 UTC": the visitor's questions left
// (docs/website.md, "Ask"), and whose counter they come from.
import type { AskQuota } from '@pkg/shared/contract';
import { formatAmount } from '../../lib/format';

function whose(quota: AskQuota, threshold: string | undefined): string {
  const amount = threshold ? `${formatAmount(threshold)} tokens` : 'the holder threshold';
  switch (quota.holder) {
    case 'holder':
      return 'as a holder';
    case 'below-threshold':
      return `as a visitor: your pass is valid but the wallet holds less than ${amount} now, so the visitor limit applies`;
    case 'balance-unreadable':
      return "as a visitor: your pass is valid but the wallet's balance could not be read just now, so the visitor limit applies";
    default:
      return quota.kind === 'holder' ? 'as a holder' : 'as a visitor';
  }
}

export function QuotaLine({ quota, threshold }: { quota: AskQuota; threshold: string | undefined }) {
  const left = `${quota.remaining} question${quota.remaining === 1 ? '' : 's'} left today`;
  return (
    <p className="quota-line" data-testid="quota-line" aria-live="polite">
      <strong>{left}</strong> {whose(quota, threshold)} (of {quota.limit}) · resets at{' '}
      <time dateTime={quota.resetsAt}>{quota.resetsAt.slice(11, 16)} UTC</time>
    </p>
  );
}

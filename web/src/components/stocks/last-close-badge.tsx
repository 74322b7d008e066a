// The `last close` flag: the premium's reference is the stock's last close times the token's
// multiplier, because the US market is closed and the issuer's quote widened (docs/website.md,
// "Premium", rule 2).
export const LAST_CLOSE_TITLE =
  "The US market is closed and the issuer's quote is wide: the reference is the stock's last close × the token's multiplier.";

export function LastCloseBadge() {
  return (
    <span className="flag flag-last-close" title={LAST_CLOSE_TITLE} data-testid="last-close">
      last close<span className="visually-hidden"> ({LAST_CLOSE_TITLE})</span>
    </span>
  );
}

// /check 0x… and /wallet 0x… (docs/bots.md, "Commands"): a contract's verified source and its
// automated security flags; a wallet's holdings, valued only where a price source lists the token.
import type { V1Answer } from '@pkg/shared';
import { decimal, usd } from '../format/numbers.js';
import { dataOf, sourceOf, unavailable } from '../format/section-line.js';
import { cleanName } from '../format/text.js';

/** Report members that raise a flag when they are true or "1". */
const raised = (report: Record<string, unknown>) =>
  Object.entries(report)
    .filter(([, v]) => v === true || v === '1' || v === 1)
    .map(([k]) => cleanName(k, 40))
    .slice(0, 12);

export function checkReply(contract: V1Answer<'contract'>): string {
  const lines = [`Contract ${contract.address}`];
  const verified = dataOf(contract.verified);
  if (!verified) lines.push(unavailable('Source', contract.verified));
  else
    lines.push(
      `Source: verified${verified.name ? ` (${cleanName(verified.name, 64)})` : ''}, ${verified.functions.length} function${verified.functions.length === 1 ? '' : 's'}${sourceOf(contract.verified.provenance)}`,
    );
  const security = dataOf(contract.security);
  if (!security) lines.push(unavailable('Security', contract.security));
  else {
    const flags = raised(security);
    lines.push(
      `Security: ${flags.length ? `flags: ${flags.join(', ')}` : 'no flag raised by the automated check (not a guarantee)'}${sourceOf(contract.security.provenance)}`,
    );
  }
  return lines.join('\n');
}

export function walletReply(wallet: V1Answer<'wallet'>): string {
  const list = dataOf(wallet.holdings);
  if (!list) return [`Wallet ${wallet.address}`, unavailable('Holdings', wallet.holdings)].join('\n');
  const lines = [
    `Wallet ${wallet.address}${list.valuedUsd !== undefined ? `: ${usd(list.valuedUsd)} valued` : ''}${sourceOf(wallet.holdings.provenance)}`,
  ];
  const sorted = [...list.holdings].sort((a, b) => (b.valueUsd ?? -1) - (a.valueUsd ?? -1)).slice(0, 10);
  for (const h of sorted) {
    const symbol = cleanName(h.symbol ?? h.name ?? h.token, 20);
    const amount = h.amount ? decimal(h.amount) : h.balance;
    const value = h.valueUsd !== undefined ? usd(h.valueUsd) : 'no price';
    lines.push(`${symbol}: ${amount} (${value})`);
  }
  if (list.holdings.length === 0) lines.push('no holdings');
  if (list.unvalued > 0) lines.push(`${list.unvalued} holdings without a price source`);
  return lines.join('\n');
}

// The price alerts (docs/bots.md, "Alerts"): one read of the project token's pool; an alert whose
// rule holds (above: price ≥ level; below: price ≤ level, in the pool's quote token) is claimed
// by setting `firedAt` (a claim older than one lease period is a dead leader's and may be taken),
// sent once, then removed; a failed send clears the claim for the next check.
import { readPoolState, type ProjectTokenPoolState } from '@pkg/shared/data';
import type { BotDeps } from '../bot-deps.js';
import { served, whyNot } from '../../website/source-section.js';
import { alertsOfKind, chatOf, type StoredAlert } from './alert-store.js';
import { deliver } from './announce.js';
import { compareDecimals, freshRun, groupDigits, type CheckReport } from './check-common.js';

export function priceRuleHolds(kind: 'price_above' | 'price_below', price: string, level: string): boolean {
  const c = compareDecimals(price, level);
  return kind === 'price_above' ? c >= 0 : c <= 0;
}

export function priceMessage(
  alert: StoredAlert,
  price: string,
  state: Pick<ProjectTokenPoolState, 'projectToken' | 'quoteToken'>,
  block: string | undefined,
): string {
  const unit = state.quoteToken.symbol ?? state.quoteToken.address;
  const name = state.projectToken.symbol ?? 'The project token';
  const word = alert.kind === 'price_above' ? 'above' : 'below';
  const where = block ? ` (chain pool, block ${block})` : ' (chain pool)';
  return `Price alert: ${name} is at ${groupDigits(price)} ${unit}, ${word} your level ${groupDigits(alert.params.level ?? '?')} ${unit}${where}. This alert is now removed.`;
}

export async function priceCheck(deps: BotDeps): Promise<CheckReport> {
  const alerts = await alertsOfKind(deps.models, ['price_above', 'price_below']);
  if (alerts.length === 0) return { sent: 0, skipped: 0 };
  const now = deps.clock();
  const pool = await readPoolState(freshRun(deps), deps.projectToken, { now: () => now.getTime() });
  if (!served(pool)) throw new Error(`pool price: ${whyNot(pool)}`);
  const state = pool.data as ProjectTokenPoolState;
  const price = state.priceInQuote;
  if (price === undefined) throw new Error('pool price: the pool holds nothing');
  const block = pool.provenance.blockNumber;
  let sent = 0;
  let skipped = 0;
  const stale = new Date(now.getTime() - deps.settings.leaseMs);
  for (const alert of alerts) {
    const level = alert.params.level;
    if (!level || (alert.kind !== 'price_above' && alert.kind !== 'price_below')) continue;
    if (!priceRuleHolds(alert.kind, price, level)) continue;
    const claimed = await deps.models.BotAlert.findOneAndUpdate(
      { _id: alert.id, $or: [{ firedAt: null }, { firedAt: { $lte: stale } }] },
      { $set: { firedAt: now } },
    );
    if (!claimed) {
      skipped++;
      continue;
    }
    const outcome = await deliver(deps, chatOf(alert), priceMessage(alert, price, state, block));
    if (outcome === 'sent') {
      sent++;
      await deps.models.BotAlert.deleteOne({ _id: alert.id });
    } else if (outcome === 'failed') {
      skipped++;
      await deps.models.BotAlert.updateOne({ _id: alert.id }, { $set: { firedAt: null } });
    }
  }
  return { ...(block ? { to: block } : {}), sent, skipped };
}

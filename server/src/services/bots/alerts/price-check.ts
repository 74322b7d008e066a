// The price alerts (docs/bots.md, "Alerts (Telegram)"): one reading of the project token's price (price-
// readings.ts: the pool price in its quote token and, from it, the USD price); an alert whose rule
// holds in its own unit (above: price ≥ level; below: price ≤ level; USD, or the quote token for
// alerts set so and for those stored before alerts had units) is claimed by setting `firedAt` (a
// claim older than one lease period is a dead leader's and may be taken), sent once, then removed;
// a failed send clears the claim for the next check. Without a USD price the USD alerts are not
// checked (the reason is logged) while the quote-token alerts are.
import type { BotDeps } from '../bot-deps.js';
import { alertsOfKind, chatOf, type StoredAlert } from './alert-store.js';
import { deliver } from './announce.js';
import { compareDecimals, type CheckReport } from './check-common.js';
import { readPriceReadings, readingIn, type PriceReading } from './price-readings.js';

export function priceRuleHolds(kind: 'price_above' | 'price_below', price: string, level: string): boolean {
  const c = compareDecimals(price, level);
  return kind === 'price_above' ? c >= 0 : c <= 0;
}

export function priceMessage(alert: StoredAlert, name: string, reading: PriceReading): string {
  const word = alert.kind === 'price_above' ? 'above' : 'below';
  const level = alert.params.level ?? '?';
  return `Price alert: ${name} is at ${reading.show(reading.price)}, ${word} your level ${reading.show(level)} (${reading.source}). This alert is now removed.`;
}

export async function priceCheck(deps: BotDeps): Promise<CheckReport> {
  const alerts = await alertsOfKind(deps.models, ['price_above', 'price_below']);
  if (alerts.length === 0) return { sent: 0, skipped: 0 };
  const now = deps.clock();
  const readings = await readPriceReadings(deps);
  if (!readings.ok) throw new Error(`pool price: ${readings.reason}`);
  const unpriced = readings.usd ? [] : alerts.filter((a) => a.params.unit === 'usd');
  if (unpriced.length > 0)
    deps.log.warn(
      { check: 'price', alerts: unpriced.length, quote: readings.quoteSymbol, reason: readings.usdMissing },
      'bot price: USD alerts not checked, the quote token has no USD price',
    );
  let sent = 0;
  let skipped = unpriced.length;
  const stale = new Date(now.getTime() - deps.settings.leaseMs);
  for (const alert of alerts) {
    const level = alert.params.level;
    const reading = readingIn(readings, alert.params.unit ?? 'quote');
    if (!level || !reading || (alert.kind !== 'price_above' && alert.kind !== 'price_below')) continue;
    if (!priceRuleHolds(alert.kind, reading.price, level)) continue;
    const claimed = await deps.models.BotAlert.findOneAndUpdate(
      { _id: alert.id, $or: [{ firedAt: null }, { firedAt: { $lte: stale } }] },
      { $set: { firedAt: now } },
    );
    if (!claimed) {
      skipped++;
      continue;
    }
    const outcome = await deliver(deps, chatOf(alert), priceMessage(alert, readings.name, reading));
    if (outcome === 'sent') {
      sent++;
      await deps.models.BotAlert.deleteOne({ _id: alert.id });
    } else if (outcome === 'failed') {
      skipped++;
      await deps.models.BotAlert.updateOne({ _id: alert.id }, { $set: { firedAt: null } });
    }
  }
  return { ...(readings.block ? { to: readings.block } : {}), sent, skipped };
}

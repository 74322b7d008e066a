// The radar alerts (docs/bots.md, "Alerts (Telegram)"): one read of the website's screener answer (its cached
// /v1/screener, flags included) per check; each radar alert gets the new pools with at least its
// liquidity, created at or after its creation less one radar interval, whose base token the chat
// was not told about yet, newest first, at most RADAR_PER_CHECK a check (the rest go out next
// check). One message per token, claimed per chat first (key: the token address).
import type { ScreenerPool } from '@pkg/shared';
import type { BotDeps } from '../bot-deps.js';
import { alertsOfKind, chatOf, type StoredAlert } from './alert-store.js';
import { announce, wasAnnounced } from './announce.js';
import { compareDecimals, shortHex, usd, type CheckReport } from './check-common.js';

export const RADAR_PER_CHECK = 3;

function flagsLine(pool: ScreenerPool): string {
  const s = pool.security;
  if ((s.status !== 'LIVE' && s.status !== 'CACHED') || !s.data) return 'security: not checked';
  const raised = s.data.raised.length > 0 ? `flags: ${s.data.raised.join(', ')}` : 'no flags raised';
  const unknown = s.data.undetermined.length > 0 ? `; not determined: ${s.data.undetermined.join(', ')}` : '';
  return `${raised}${unknown}`;
}

function radarMessage(pool: ScreenerPool): string {
  const t = pool.baseToken;
  const name = [t.symbol, t.name ? `(${t.name})` : undefined].filter(Boolean).join(' ') || 'A new token';
  const liquidity = pool.liquidityUsd !== undefined ? usd(String(pool.liquidityUsd)) : 'not reported';
  const created = pool.createdAt ? `, pool created ${pool.createdAt.slice(11, 16)} UTC` : '';
  return `New token: ${name} ${shortHex(t.address)}\nLiquidity ${liquidity}${created} — ${pool.source}\n${flagsLine(pool)}`;
}

export async function radarCheck(deps: BotDeps): Promise<CheckReport> {
  const alerts = await alertsOfKind(deps.models, ['radar']);
  if (alerts.length === 0) return { sent: 0, skipped: 0 };
  const answer = await deps.v1('screener', {});
  const section = answer.pools;
  if ((section.status !== 'LIVE' && section.status !== 'CACHED') || !section.data)
    throw new Error(`screener: ${section.reason ?? section.status}`);
  const pools = [...section.data.pools].sort(
    (a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''),
  );
  const byChat = new Map<string, StoredAlert[]>();
  for (const alert of alerts) byChat.set(alert.chat, [...(byChat.get(alert.chat) ?? []), alert]);
  let sent = 0;
  let skipped = 0;
  for (const chatAlerts of byChat.values()) {
    const chat = chatOf(chatAlerts[0] as StoredAlert);
    const fits = (pool: ScreenerPool) =>
      pool.liquidityUsd !== undefined &&
      pool.createdAt !== undefined &&
      chatAlerts.some(
        (a) =>
          compareDecimals(String(pool.liquidityUsd), a.params.liquidityMin ?? '0') >= 0 &&
          Date.parse(pool.createdAt ?? '') >= a.createdAt.getTime() - deps.settings.radarMs,
      );
    let told = 0;
    const seen = new Set<string>();
    for (const pool of pools) {
      if (told >= RADAR_PER_CHECK) break;
      const token = pool.baseToken.address.toLowerCase();
      if (seen.has(token) || !fits(pool)) continue;
      seen.add(token);
      if (await wasAnnounced(deps, chat.chat, 'radar', token)) continue;
      const { outcome, claimed } = await announce(deps, chat, 'radar', [token], () => radarMessage(pool));
      if (claimed.length === 0) continue;
      if (outcome === 'sent') {
        sent++;
        told++;
      } else {
        skipped++;
        if (outcome === 'removed') break;
      }
    }
  }
  return { sent, skipped };
}

// The alert scheduler of a running server (docs/bots.md, "Schedule"): started by main.ts after
// listening, stopped (lease released) on shutdown. Without a messenger (TELEGRAM_BOT_TOKEN) no
// alert can be delivered, so none is started. Tests drive `createScheduler(...).tick()` instead.
import type { BotDeps } from '../bot-deps.js';
import { createScheduler, type AlertScheduler } from './scheduler.js';

export function startAlertScheduler(bots: BotDeps): AlertScheduler | undefined {
  if (!bots.messenger) {
    bots.log.info('bot alerts off: TELEGRAM_BOT_TOKEN is not set');
    return undefined;
  }
  const scheduler = createScheduler(bots);
  scheduler.start();
  bots.log.info('bot scheduler started');
  return scheduler;
}

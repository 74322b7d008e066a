// The alert scheduler of a running server (docs/bots.md, "Schedule"): started by main.ts after
// listening, stopped (lease released) on shutdown. Without TELEGRAM_BOT_TOKEN no alert can be
// delivered, so none is started. Tests drive `createScheduler(...).tick()` instead.
import type { AppDeps } from '../../../deps.js';
import { botDeps } from '../bot-deps.js';
import { createScheduler, type AlertScheduler } from './scheduler.js';

export function startAlertScheduler(deps: AppDeps): AlertScheduler | undefined {
  if (!deps.config.TELEGRAM_BOT_TOKEN) {
    deps.logger.info('bot alerts off: TELEGRAM_BOT_TOKEN is not set');
    return undefined;
  }
  const scheduler = createScheduler(botDeps(deps));
  scheduler.start();
  deps.logger.info('bot scheduler started');
  return scheduler;
}

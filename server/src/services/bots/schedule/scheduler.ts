// STUB (part C replaces it): the alert checks under a leader lease (docs/bots.md, "Schedule").
import type { BotDeps } from '../bot-deps.js';
import type { BotCheck } from '../../../db/models/bot-cursor.js';

export interface TickResult {
  leader: boolean;
  ran: BotCheck[];
}

export interface AlertScheduler {
  /** One pass: take or renew the lease; as leader, run every check that is due. */
  tick: () => Promise<TickResult>;
  /** Runs tick on timers (unref'd) until stop. */
  start: () => void;
  /** Stops the timers, waits for a running check and releases the lease. */
  stop: () => Promise<void>;
}

export function createScheduler(_deps: BotDeps, _options: { holder?: string } = {}): AlertScheduler {
  return {
    tick: () => Promise.resolve({ leader: false, ran: [] }),
    start: () => undefined,
    stop: () => Promise.resolve(),
  };
}

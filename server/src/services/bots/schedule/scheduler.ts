// The alert checks under a leader lease (docs/bots.md, "Schedule"). `tick()` takes or renews the
// lease; as leader it runs each check that is due (its cursor's `lastRunAt` + its interval ≤ now;
// never run = due), one after another, and stores the cursor (`lastRunAt`, `lastRunBy`,
// `nextBlock`, `lastError`); a failing check is logged and never stops the others. `start()` runs
// ticks on unref'd timers every lease/3 (a follower sleeps until the lease it saw expires, so a
// takeover takes at most one lease period); the lease is renewed on its own timer so a long check
// never lets it lapse. `stop()` stops the timers, waits for a running tick and releases the lease.
import { BOT_CHECKS, type BotCheck } from '../../../db/models/bot-cursor.js';
import { burnCheck } from '../alerts/burn-check.js';
import type { CheckReport } from '../alerts/check-common.js';
import { priceCheck } from '../alerts/price-check.js';
import { radarCheck } from '../alerts/radar-check.js';
import { whaleCheck } from '../alerts/whale-check.js';
import type { BotDeps } from '../bot-deps.js';
import { createLease, newHolder, type LeaseState } from './lease.js';

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

export interface SchedulerTimers {
  setTimeout: (fn: () => void, ms: number) => { unref?: () => unknown };
  clearTimeout: (handle: never) => void;
}

/** Runs one check against its cursor. */
export function runCheck(
  deps: BotDeps,
  check: BotCheck,
  cursor: { nextBlock: string | null },
): Promise<CheckReport> {
  if (check === 'price') return priceCheck(deps);
  if (check === 'whales') return whaleCheck(deps, cursor);
  if (check === 'burns') return burnCheck(deps, cursor);
  return radarCheck(deps);
}

export function createScheduler(
  deps: BotDeps,
  options: { holder?: string; timers?: SchedulerTimers } = {},
): AlertScheduler {
  const holder = options.holder ?? newHolder();
  const timers: SchedulerTimers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h),
  };
  const lease = createLease(deps, holder);
  let leader = false;
  let lastState: LeaseState | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const handles = new Set<unknown>();

  const intervalOf = (check: BotCheck) => (check === 'radar' ? deps.settings.radarMs : deps.settings.alertMs);

  /** Takes or renews the lease and logs a change of leadership. */
  async function refreshLease(): Promise<LeaseState> {
    const state = await lease.acquireOrRenew();
    if (state.leader && (state.acquired || !leader))
      deps.log.info({ event: 'acquired', holder, term: state.term }, 'bot lease');
    if (!state.leader && leader)
      deps.log.info({ event: 'lost', holder, term: lastState?.term ?? 0 }, 'bot lease');
    leader = state.leader;
    lastState = state;
    return state;
  }

  async function runDue(): Promise<BotCheck[]> {
    const ran: BotCheck[] = [];
    for (const check of BOT_CHECKS) {
      if (!leader || stopped) break;
      const now = deps.clock();
      const cursor = await deps.models.BotCursor.findById(check).lean();
      const last = cursor?.lastRunAt;
      if (last && last.getTime() + intervalOf(check) > now.getTime()) continue;
      try {
        const report = await runCheck(deps, check, { nextBlock: cursor?.nextBlock ?? null });
        await deps.models.BotCursor.updateOne(
          { _id: check },
          {
            $set: {
              lastRunAt: now,
              lastRunBy: holder,
              lastError: null,
              ...(report.nextBlock !== undefined ? { nextBlock: report.nextBlock } : {}),
            },
          },
          { upsert: true },
        );
        deps.log.info({ check, ...report }, 'bot check');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await deps.models.BotCursor.updateOne(
          { _id: check },
          { $set: { lastRunAt: now, lastRunBy: holder, lastError: message } },
          { upsert: true },
        );
        deps.log.warn({ check, error: message }, 'bot check failed');
      }
      ran.push(check);
    }
    return ran;
  }

  async function tick(): Promise<TickResult> {
    const state = await refreshLease();
    if (!state.leader) return { leader: false, ran: [] };
    return { leader: true, ran: await runDue() };
  }

  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    const handle = timers.setTimeout(() => {
      handles.delete(handle);
      fn();
    }, ms);
    handle.unref?.();
    handles.add(handle);
  };

  const period = () => Math.max(1, Math.floor(deps.settings.leaseMs / 3));

  function loop() {
    const pass = tick().catch((error: unknown) => {
      deps.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'bot tick failed');
      return { leader: false, ran: [] };
    });
    running = pass;
    void pass.then((result) => {
      // A follower wakes when the lease it saw expires (+50 ms): takeover within one lease period.
      const wait =
        result.leader || !lastState
          ? period()
          : Math.min(period(), Math.max(50, lastState.expiresAt.getTime() - deps.clock().getTime() + 50));
      schedule(loop, wait);
    });
  }

  let renewing: Promise<unknown> = Promise.resolve();

  function renewLoop() {
    schedule(() => {
      if (leader)
        renewing = refreshLease().catch((error: unknown) => {
          deps.log.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'bot lease renewal failed',
          );
        });
      renewLoop();
    }, period());
  }

  return {
    tick,
    start() {
      stopped = false;
      loop();
      renewLoop();
    },
    async stop() {
      stopped = true;
      for (const h of handles) timers.clearTimeout(h as never);
      handles.clear();
      // A renewal still in flight would extend the lease after the release: wait for it first.
      await Promise.all([running.catch(() => undefined), renewing]);
      if (leader && (await lease.release())) {
        deps.log.info({ event: 'released', holder, term: lastState?.term ?? 0 }, 'bot lease');
        leader = false;
      }
    },
  };
}

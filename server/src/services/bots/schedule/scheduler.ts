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
import { createLease, newHolder, type Lease, type LeaseState } from './lease.js';

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

/** What one scheduler's steps share: its lease, its leadership as last seen, its timers. */
interface SchedulerState {
  deps: BotDeps;
  holder: string;
  timers: SchedulerTimers;
  lease: Lease;
  leader: boolean;
  lastState: LeaseState | undefined;
  /** The tick in progress (stop waits for it). */
  running: Promise<unknown>;
  /** The lease renewal in progress (stop waits for it before releasing). */
  renewing: Promise<unknown>;
  stopped: boolean;
  handles: Set<unknown>;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Takes or renews the lease and logs a change of leadership. */
async function refreshLease(state: SchedulerState): Promise<LeaseState> {
  const { deps, holder } = state;
  const lease = await state.lease.acquireOrRenew();
  if (lease.leader && (lease.acquired || !state.leader))
    deps.log.info({ event: 'acquired', holder, term: lease.term }, 'bot lease');
  if (!lease.leader && state.leader)
    deps.log.info({ event: 'lost', holder, term: state.lastState?.term ?? 0 }, 'bot lease');
  state.leader = lease.leader;
  state.lastState = lease;
  deps.metrics.botLeader(lease.leader);
  return lease;
}

/** Runs one due check and stores its cursor: its new block, or the error it failed with. */
async function runAndRecord(
  state: SchedulerState,
  check: BotCheck,
  now: Date,
  nextBlock: string | null,
): Promise<void> {
  const { deps, holder } = state;
  try {
    const report = await runCheck(deps, check, { nextBlock });
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
    deps.metrics.alertCheck(check, true);
  } catch (error) {
    deps.metrics.alertCheck(check, false);
    const message = errorMessage(error);
    await deps.models.BotCursor.updateOne(
      { _id: check },
      { $set: { lastRunAt: now, lastRunBy: holder, lastError: message } },
      { upsert: true },
    );
    deps.log.warn({ check, error: message }, 'bot check failed');
  }
}

/** Runs, one after another, each check whose interval has passed since its last run. */
async function runDue(state: SchedulerState): Promise<BotCheck[]> {
  const { deps } = state;
  const intervalOf = (check: BotCheck) => (check === 'radar' ? deps.settings.radarMs : deps.settings.alertMs);
  const ran: BotCheck[] = [];
  for (const check of BOT_CHECKS) {
    if (!state.leader || state.stopped) break;
    const now = deps.clock();
    const cursor = await deps.models.BotCursor.findById(check).lean();
    const last = cursor?.lastRunAt;
    if (last && last.getTime() + intervalOf(check) > now.getTime()) continue;
    await runAndRecord(state, check, now, cursor?.nextBlock ?? null);
    ran.push(check);
  }
  return ran;
}

async function tick(state: SchedulerState): Promise<TickResult> {
  const lease = await refreshLease(state);
  if (!lease.leader) return { leader: false, ran: [] };
  return { leader: true, ran: await runDue(state) };
}

/** Runs `fn` after `ms` on an unref'd timer, unless stopped. */
function schedule(state: SchedulerState, fn: () => void, ms: number): void {
  if (state.stopped) return;
  const handle = state.timers.setTimeout(() => {
    state.handles.delete(handle);
    fn();
  }, ms);
  handle.unref?.();
  state.handles.add(handle);
}

const period = (state: SchedulerState) => Math.max(1, Math.floor(state.deps.settings.leaseMs / 3));

/** A tick, then the next one: a leader's after a period, a follower's when the lease it saw expires. */
function loop(state: SchedulerState): void {
  const { deps } = state;
  const pass = tick(state).catch((error: unknown) => {
    deps.log.warn({ error: errorMessage(error) }, 'bot tick failed');
    return { leader: false, ran: [] };
  });
  state.running = pass;
  void pass.then((result) => {
    const { lastState } = state;
    // A follower wakes when the lease it saw expires (+50 ms): takeover within one lease period.
    const wait =
      result.leader || !lastState
        ? period(state)
        : Math.min(period(state), Math.max(50, lastState.expiresAt.getTime() - deps.clock().getTime() + 50));
    schedule(state, () => loop(state), wait);
  });
}

/** Renews the lease every period while leader, apart from the checks (a long one never lets it lapse). */
function renewLoop(state: SchedulerState): void {
  schedule(
    state,
    () => {
      if (state.leader)
        state.renewing = refreshLease(state).catch((error: unknown) => {
          state.deps.log.warn({ error: errorMessage(error) }, 'bot lease renewal failed');
        });
      renewLoop(state);
    },
    period(state),
  );
}

async function stop(state: SchedulerState): Promise<void> {
  state.stopped = true;
  for (const h of state.handles) state.timers.clearTimeout(h as never);
  state.handles.clear();
  // A renewal still in flight would extend the lease after the release: wait for it first.
  await Promise.all([state.running.catch(() => undefined), state.renewing]);
  if (state.leader && (await state.lease.release())) {
    state.deps.log.info(
      { event: 'released', holder: state.holder, term: state.lastState?.term ?? 0 },
      'bot lease',
    );
    state.leader = false;
    state.deps.metrics.botLeader(false);
  }
}

export function createScheduler(
  deps: BotDeps,
  options: { holder?: string; timers?: SchedulerTimers } = {},
): AlertScheduler {
  const holder = options.holder ?? newHolder();
  const state: SchedulerState = {
    deps,
    holder,
    timers: options.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h),
    },
    lease: createLease(deps, holder),
    leader: false,
    lastState: undefined,
    running: Promise.resolve(),
    renewing: Promise.resolve(),
    stopped: false,
    handles: new Set(),
  };
  return {
    tick: () => tick(state),
    start() {
      state.stopped = false;
      loop(state);
      renewLoop(state);
    },
    stop: () => stop(state),
  };
}

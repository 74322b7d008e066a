// The alert scheduler's leader lease (docs/bots.md, "Schedule"): one document in bot_leases. A
// process takes or renews it with one atomic findOneAndUpdate + upsert whose filter matches only
// its own lease or an expired one; while another holder's lease is live the filter matches
// nothing and the upsert's insert collides on `_id` (E11000): that process is a follower. Expiry
// is read against the injected clock (no TTL index). Correctness never rests on the lease alone:
// every announcement is claimed in the store first.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { BotDeps } from '../bot-deps.js';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';

export const LEASE_ID = 'alert-checks';

export interface LeaseState {
  leader: boolean;
  holder: string;
  term: number;
  expiresAt: Date;
  /** True when this call took the lease from no one or from another holder. */
  acquired: boolean;
}

/** `<hostname>:<pid>:<random>`: unique per process run. */
export function newHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface Lease {
  /** Takes the lease when free or expired, renews it when ours; else reports the live holder. */
  acquireOrRenew: () => Promise<LeaseState>;
  /** Lets the lease go at once (expires it now) when it is ours. */
  release: () => Promise<boolean>;
}

export function createLease(deps: Pick<BotDeps, 'models' | 'clock' | 'settings'>, holder: string): Lease {
  const { BotLease } = deps.models;
  return {
    async acquireOrRenew() {
      const now = deps.clock();
      const expiresAt = new Date(now.getTime() + deps.settings.leaseMs);
      try {
        // `returnDocument: 'before'` gives the document as it was: its holder and term tell a renewal from a
        // takeover (then a second, guarded update sets acquiredAt and term + 1).
        const before = await BotLease.findOneAndUpdate(
          { _id: LEASE_ID, $or: [{ holder }, { expiresAt: { $lte: now } }] },
          {
            $set: { holder, expiresAt, renewedAt: now },
            $setOnInsert: { acquiredAt: now, term: 1 },
          },
          { upsert: true, returnDocument: 'before' },
        ).lean();
        if (before === null) return { leader: true, holder, term: 1, expiresAt, acquired: true };
        if (before.holder === holder)
          return { leader: true, holder, term: before.term, expiresAt, acquired: false };
        const term = before.term + 1;
        await BotLease.updateOne({ _id: LEASE_ID, holder }, { $set: { acquiredAt: now, term } });
        return { leader: true, holder, term, expiresAt, acquired: true };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const live = await BotLease.findById(LEASE_ID).lean();
        return {
          leader: false,
          holder: live?.holder ?? '',
          term: live?.term ?? 0,
          expiresAt: live?.expiresAt ?? now,
          acquired: false,
        };
      }
    },
    async release() {
      const now = deps.clock();
      const done = await BotLease.updateOne({ _id: LEASE_ID, holder }, { $set: { expiresAt: now } });
      return done.modifiedCount === 1;
    },
  };
}

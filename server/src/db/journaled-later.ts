// The write options of one step of an operation whose last write is journaled (docs/performance.md,
// "Publish"): the step is answered once the store has applied it, not once it is journaled
// (MongoDB's write concern `j: false`). A store journals writes in the order it applies them, and a
// journaled write is answered only once the journal holds it and everything applied before it, so
// the operation's last write, issued after this step was answered, makes the step durable with it.
// The operation is acknowledged only after that last write: nothing acknowledged is less durable.
import type { CreateOptions } from 'mongoose';

export const JOURNALED_LATER = { writeConcern: { j: false } } as const;

/**
 * JOURNALED_LATER for `Model.create`: mongoose passes a save's `writeConcern` on to the driver,
 * though its CreateOptions type does not list it.
 */
export const CREATE_JOURNALED_LATER = JOURNALED_LATER as CreateOptions;

// The options of the steps of an operation whose last write is journaled (docs/performance.md,
// "Publish"). A store journals writes in the order it applies them, and a journaled write is
// answered only once the journal holds it and everything applied before it, so the operation's
// last write, issued after its steps were answered, makes them all durable with it; the operation
// is acknowledged only after that write, so nothing acknowledged is less durable than before.
//   JOURNALED_LATER  a write step: answered once the store applied it, not once it is journaled
//                    (MongoDB's write concern `j: false`)
//   READ_UNJOURNALED a read step whose answer only the operation's own later writes depend on:
//                    answered at once, though it may see writes not yet journaled (MongoDB's read
//                    concern `local`); what it saw is journaled before those writes
export const JOURNALED_LATER = { writeConcern: { j: false } } as const;

/** The read concern level of READ_UNJOURNALED, for a mongoose query's `readConcern()`. */
export const UNJOURNALED_LEVEL = 'local';

export const READ_UNJOURNALED = { readConcern: { level: UNJOURNALED_LEVEL } } as const;

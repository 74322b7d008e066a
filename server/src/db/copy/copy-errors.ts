// The two ways a database copy stops (db/copy/copy-database.ts): refused before anything was
// written to the target, or copied but not verified.

/** The copy was refused; nothing on the target was changed. */
export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError';
  constructor(
    message: string,
    readonly reason: 'same-database' | 'not-empty',
  ) {
    super(message);
  }
}

/** The target does not hold what was copied; `problems` names each difference. */
export class CopyVerificationError extends Error {
  override name = 'CopyVerificationError';
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
  }
}

// MongoDB's duplicate-key error (E11000, code 11000), from a real server or the embedded store:
// how an insert or upsert learns that a unique key (a claim, a slot, a lease) is already taken.
export const isDuplicateKeyError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

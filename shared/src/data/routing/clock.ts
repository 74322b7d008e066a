// The time source of the router and the cache; tests inject a fake one.
export interface Clock {
  now: () => number;
}

export const systemClock: Clock = { now: () => Date.now() };

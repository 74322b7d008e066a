// An address's share of the supply as the answer gives it (GET /v1/token), or "not read".
export const percentOfSupply = (percent: string | undefined): string =>
  percent !== undefined ? `${percent} %` : 'not read';

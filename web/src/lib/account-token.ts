// The managing token of the account page: kept in this tab's sessionStorage only (never
// localStorage, never a cookie), so it is gone when the tab closes.
const KEY = 'pkg.account.token';

export function readAccountToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveAccountToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetAccountToken(): void {
  sessionStorage.removeItem(KEY);
}

// The holder pass in the browser (docs/website.md, "Ask"): keeping the pass the server answers in
// localStorage, the only place it is kept. trpc.ts reads it for the `Authorization: Bearer`
// header of the AI procedures. The sign-in that gets one is lib/holder-sign-in.ts, which only the
// /ask page loads.
// This module is part of every page (trpc.ts reads the pass), so it imports no schema library and
// no shared values: the stored value is checked by hand.
import { useSyncExternalStore } from 'react';

const KEY = 'pkg.holderPass';

export interface StoredPass {
  pass: string;
  address: string;
  expiresAt: string;
  /** HOLDER_PASS_THRESHOLD in whole tokens, as the server said when it issued the pass. */
  threshold?: string | undefined;
}

/** The stored JSON, if it is a pass as storePass wrote it. */
function storedPassOf(value: unknown): StoredPass | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
  if (!text(v.pass) || !text(v.address) || !text(v.expiresAt)) return undefined;
  if (v.threshold !== undefined && typeof v.threshold !== 'string') return undefined;
  return { pass: v.pass, address: v.address, expiresAt: v.expiresAt, threshold: v.threshold };
}

/** Why the pass is gone, for the sentence the page shows. */
export type PassDrop = 'expired' | 'refused' | 'forgotten';

interface PassState {
  pass: StoredPass | undefined;
  dropped: PassDrop | undefined;
}

let state: PassState = { pass: undefined, dropped: undefined };
let loaded = false;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function set(next: PassState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The stored pass, read once from localStorage; one past its expiry is removed. */
function load(): void {
  if (loaded) return;
  loaded = true;
  const raw = storage()?.getItem(KEY);
  if (!raw) return;
  let parsed: StoredPass | undefined;
  try {
    parsed = storedPassOf(JSON.parse(raw));
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    storage()?.removeItem(KEY);
    return;
  }
  state = { pass: parsed, dropped: undefined };
  if (isExpired(parsed)) dropPass('expired');
}

const isExpired = (pass: StoredPass, now = Date.now()) => !(new Date(pass.expiresAt).getTime() > now);

/** The pass to send now: stored and not expired (an expired one is removed). */
export function currentPass(): StoredPass | undefined {
  load();
  if (state.pass && isExpired(state.pass)) dropPass('expired');
  return state.pass;
}

export function storePass(pass: StoredPass): void {
  load();
  storage()?.setItem(KEY, JSON.stringify(pass));
  set({ pass, dropped: undefined });
}

/** Removes the stored pass; `why` says so on the page. */
export function dropPass(why: PassDrop): void {
  storage()?.removeItem(KEY);
  if (state.pass || why === 'forgotten') set({ pass: undefined, dropped: why });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): PassState {
  load();
  return state;
}

/** The pass (or why there is none any more), re-rendering when it changes. */
export function usePass(): PassState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Calls `listener` whenever the pass is stored or removed. */
export const onPassChange = subscribe;

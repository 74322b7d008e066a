// The holder pass in the browser (docs/website.md, "Ask"): signing in with a browser wallet
// (EIP-4361 text signed with `personal_sign`, docs/public-api.md "Holder pass") and keeping the
// pass the server answers in localStorage, the only place it is kept. trpc.ts reads it for the
// `Authorization: Bearer` header of the AI procedures. viem is loaded only when a person clicks
// "Connect wallet", so the pages do not carry it.
// This module is part of every page (trpc.ts reads the pass), so it imports no schema library and
// no shared values: the stored value is checked by hand, and the sign-in's rules (HOLDER_PASS)
// come from the caller.
import { useSyncExternalStore } from 'react';
import type { HOLDER_PASS, HolderNonceAnswer, HolderPassAnswer } from '@pkg/shared/contract';

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

/** An EIP-1193 provider (window.ethereum), as far as the sign-in uses it. */
export interface BrowserWallet {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function browserWallet(): BrowserWallet | undefined {
  if (typeof window === 'undefined') return undefined;
  const wallet = (window as { ethereum?: unknown }).ethereum;
  return typeof wallet === 'object' &&
    wallet !== null &&
    typeof (wallet as { request?: unknown }).request === 'function'
    ? (wallet as BrowserWallet)
    : undefined;
}

/** The rules of the sign-in message (HOLDER_PASS of @pkg/shared/contract). */
export type SignInRules = Pick<typeof HOLDER_PASS, 'statement' | 'chainId' | 'maxMessageLifetimeMs'>;

/** The two server calls of the sign-in. */
export interface HolderPassApi {
  nonce(): Promise<HolderNonceAnswer>;
  create(input: { message: string; signature: string }): Promise<HolderPassAnswer>;
}

export type ConnectStep = 'account' | 'sign' | 'verify';

/** A wallet's refusal or failure (EIP-1193 error: 4001 = the person rejected the request). */
export class WalletError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

async function walletRequest(wallet: BrowserWallet, method: string, params?: unknown[]): Promise<unknown> {
  try {
    return await wallet.request(params ? { method, params } : { method });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = (error as { message?: unknown } | null)?.message;
    throw new WalletError(
      typeof message === 'string' && message ? message : `the wallet refused ${method}`,
      typeof code === 'number' ? code : undefined,
    );
  }
}

/**
 * The sign-in: the wallet's account, a nonce from the server, the EIP-4361 message for this site
 * (domain, URI /ask, chain 4663, valid 10 minutes), the person's signature, then the pass, which
 * is stored. Throws WalletError for the wallet's refusals and the server's errors as they come.
 */
export async function connectHolder(
  wallet: BrowserWallet,
  api: HolderPassApi,
  rules: SignInRules,
  onStep: (step: ConnectStep) => void = () => undefined,
): Promise<StoredPass> {
  onStep('account');
  const accounts = await walletRequest(wallet, 'eth_requestAccounts');
  const account: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof account !== 'string') throw new WalletError('the wallet gave no account', undefined);
  const [{ createSiweMessage }, { getAddress, toHex }] = await Promise.all([
    import('viem/siwe'),
    import('viem/utils'),
  ]);
  const address = getAddress(account);
  const { nonce } = await api.nonce();
  const issuedAt = new Date();
  const message = createSiweMessage({
    domain: location.host,
    address,
    statement: rules.statement,
    uri: `${location.origin}/ask`,
    version: '1',
    chainId: rules.chainId,
    nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + rules.maxMessageLifetimeMs),
  });
  onStep('sign');
  const signature = await walletRequest(wallet, 'personal_sign', [toHex(message), address]);
  if (typeof signature !== 'string') throw new WalletError('the wallet returned no signature', undefined);
  onStep('verify');
  const answer = await api.create({ message, signature });
  const stored: StoredPass = {
    pass: answer.pass,
    address: answer.address,
    expiresAt: answer.expiresAt,
    threshold: answer.threshold,
  };
  storePass(stored);
  return stored;
}

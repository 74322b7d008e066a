// Signing in for a holder pass with a browser wallet (docs/website.md, "Ask"): EIP-4361 text
// signed with `personal_sign` (docs/public-api.md, "Holder pass"), then the pass the server
// answers is stored (lib/holder-pass.ts). Only the /ask page imports this module, and viem is
// loaded only when a person clicks "Connect wallet", so no other page carries either. The
// sign-in's rules (HOLDER_PASS) come from the caller.
import type { HOLDER_PASS, HolderNonceAnswer, HolderPassAnswer } from '@pkg/shared/contract';
import { storePass, type StoredPass } from './holder-pass';

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

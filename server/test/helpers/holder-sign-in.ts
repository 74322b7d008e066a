// Holder-pass sign-ins for the tests: a nonce from the server, an EIP-4361 message built with the
// `siwe` package for the server's origin, signed by a viem account with personal_sign
// (`signMessage`), and the POST /v1/holder-pass that exchanges them for a pass.
import { HOLDER_PASS } from '@pkg/shared';
import { SiweMessage } from 'siwe';
import type { PrivateKeyAccount } from 'viem/accounts';

export interface SignInFields {
  domain: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

export async function newNonce(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${url}/v1/holder-pass/nonce`, { method: 'POST', headers });
  if (res.status !== 200) throw new Error(`nonce: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { nonce: string }).nonce;
}

/** The message a wallet would be asked to sign for `url` at `now`, with `overrides`. */
export function signInMessage(
  url: string,
  account: PrivateKeyAccount,
  fields: Partial<SignInFields> & { nonce: string; now: Date },
): string {
  const origin = new URL(url);
  return new SiweMessage({
    domain: fields.domain ?? origin.host,
    address: account.address,
    statement: HOLDER_PASS.statement,
    uri: fields.uri ?? `${origin.origin}/ask`,
    version: '1',
    chainId: fields.chainId ?? HOLDER_PASS.chainId,
    nonce: fields.nonce,
    issuedAt: (fields.issuedAt ?? fields.now).toISOString(),
    expirationTime: (fields.expirationTime ?? new Date(fields.now.getTime() + 5 * 60_000)).toISOString(),
  }).prepareMessage();
}

export async function postPass(
  url: string,
  body: { message: string; signature: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/v1/holder-pass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Nonce, message, signature and POST /v1/holder-pass: the pass (throws unless 200). */
export async function holderPass(
  url: string,
  account: PrivateKeyAccount,
  now: Date,
  headers: Record<string, string> = {},
): Promise<string> {
  const nonce = await newNonce(url, headers);
  const message = signInMessage(url, account, { nonce, now });
  const res = await postPass(url, { message, signature: await account.signMessage({ message }) }, headers);
  if (res.status !== 200) throw new Error(`holder pass: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { pass: string }).pass;
}

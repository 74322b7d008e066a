// The checks of a holder-pass sign-in message before any signature work (docs/public-api.md,
// "Holder pass"): the text is parsed as an EIP-4361 message by the `siwe` package's parser (strict
// grammar, EIP-55 address), then checked here against this site and the clock: the domain is this
// site's host, the URI is on this site's origin, version 1, chain id 4663, issued within the
// allowed clock skew, an expiration time in the future and at most HOLDER_PASS.maxMessageLifetimeMs
// after the issue time, and a not-before time (if any) reached. Each refusal is PASS_REFUSED
// naming the failed field in `details`. The signature is verified with viem (verify-signer.ts),
// never with the package's own `verify()`.
import { HOLDER_PASS, RegistryError } from '@pkg/shared';
import { SiweMessage } from 'siwe';
import { getAddress } from 'viem';

export interface SignIn {
  /** The message's address, checksummed. */
  address: `0x${string}`;
  nonce: string;
}

export type SignInField =
  | 'message'
  | 'domain'
  | 'uri'
  | 'chainId'
  | 'nonce'
  | 'issuedAt'
  | 'expirationTime'
  | 'notBefore'
  | 'signature';

/** PASS_REFUSED with one detail naming the failed field (code `not_accepted`). */
export const refused = (path: SignInField, message: string) =>
  new RegistryError('PASS_REFUSED', message, { details: [{ path, code: 'not_accepted', message }] });

const time = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));

function parse(text: string): SiweMessage {
  try {
    return new SiweMessage(text);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';
    throw refused('message', `The message is not an EIP-4361 sign-in message (${first.slice(0, 160)}).`);
  }
}

export function checkMessage(text: string, siteOrigin: string, now: Date): SignIn {
  const message = parse(text);
  const site = new URL(siteOrigin);
  if (message.scheme !== undefined && `${message.scheme}:` !== site.protocol)
    throw refused('domain', `The message is for ${message.scheme}://${message.domain}, not ${site.origin}.`);
  if (message.domain !== site.host)
    throw refused('domain', `The message is for ${message.domain}, not ${site.host}.`);
  let uriOrigin: string | undefined;
  try {
    uriOrigin = new URL(message.uri).origin;
  } catch {
    uriOrigin = undefined;
  }
  if (uriOrigin !== site.origin)
    throw refused('uri', `The message's URI ${message.uri} is not on ${site.origin}.`);
  if (message.version !== '1')
    throw refused('message', `The message is version ${message.version}; only version 1 is accepted.`);
  if (message.chainId !== HOLDER_PASS.chainId)
    throw refused(
      'chainId',
      `The message is for chain ${message.chainId}, not ${HOLDER_PASS.chainId} (Robinhood Chain).`,
    );
  const at = now.getTime();
  const issuedAt = time(message.issuedAt);
  if (issuedAt === undefined || !Number.isFinite(issuedAt))
    throw refused('issuedAt', 'The message has no valid Issued At time.');
  if (Math.abs(issuedAt - at) > HOLDER_PASS.clockSkewMs)
    throw refused(
      'issuedAt',
      `The message was issued at ${message.issuedAt}, more than ${HOLDER_PASS.clockSkewMs / 60_000} minutes from the server's time (${now.toISOString()}).`,
    );
  const expiresAt = time(message.expirationTime);
  if (expiresAt === undefined || !Number.isFinite(expiresAt))
    throw refused('expirationTime', 'The message has no Expiration Time; one is required.');
  if (expiresAt <= at) throw refused('expirationTime', `The message expired at ${message.expirationTime}.`);
  if (expiresAt > issuedAt + HOLDER_PASS.maxMessageLifetimeMs)
    throw refused(
      'expirationTime',
      `The message's Expiration Time is more than ${HOLDER_PASS.maxMessageLifetimeMs / 60_000} minutes after its Issued At.`,
    );
  const notBefore = time(message.notBefore);
  if (notBefore !== undefined && !(notBefore <= at))
    throw refused('notBefore', `The message is not valid before ${message.notBefore}.`);
  return { address: getAddress(message.address), nonce: message.nonce };
}

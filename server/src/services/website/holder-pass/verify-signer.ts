// Who signed a holder-pass message (docs/public-api.md, "Holder pass"): the `personal_sign`
// signature is recovered with viem; when the recovered address is the message's, the signer is an
// ordinary account. Otherwise the message's address may be a contract wallet: it is asked through
// the data layer (`onchain.call`, fresh) whether the signature is valid for the message's hash
// (ERC-1271 `isValidSignature`, valid when it answers 0x1626ba7e). An ERC-6492 signature (a wallet
// not deployed yet, wrapped with its deployment) is checked the same way once the wallet has code;
// before that it is refused, since the data layer makes no deployless calls.
import { RegistryError } from '@pkg/shared';
import type { Result } from '@pkg/shared/data';
import {
  decodeFunctionResult,
  encodeFunctionData,
  hashMessage,
  isAddressEqual,
  isErc6492Signature,
  parseAbi,
  parseErc6492Signature,
  recoverMessageAddress,
  type Hex,
} from 'viem';
import type { AiDeps } from '../ai/ai-deps.js';
import { refused } from './check-message.js';

const ERC1271 = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)',
]);
const MAGIC = '0x1626ba7e';

const notSigned = (address: string) => refused('signature', `The signature was not made by ${address}.`);

const returned = (r: Result): Hex | undefined => {
  if (r.status !== 'LIVE' && r.status !== 'CACHED') return undefined;
  const value = (r.data as { result?: unknown; code?: unknown } | null)?.result;
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? (value as Hex) : undefined;
};
/** A contract that refused the call (no such function, or it reverted): a refusal, not an outage. */
const reverted = (r: Result) => r.status === 'ERROR' && /revert/i.test(r.message);
const cannotCheck = (r: Result) =>
  new RegistryError(
    'UPSTREAM_FAILED',
    `The signature could not be checked with the wallet's contract (${r.status === 'ERROR' ? r.message : r.status === 'UNAVAILABLE' ? r.reason : r.status}); try again.`,
  );

async function hasCode(deps: Pick<AiDeps, 'data'>, address: `0x${string}`): Promise<boolean> {
  const result = await deps.data.run('onchain.code', { address, fresh: true });
  if (result.status !== 'LIVE' && result.status !== 'CACHED') throw cannotCheck(result);
  return (result.data as { isContract?: boolean }).isContract === true;
}

async function validFor1271(
  deps: Pick<AiDeps, 'data'>,
  address: `0x${string}`,
  text: string,
  signature: Hex,
): Promise<boolean> {
  const data = encodeFunctionData({
    abi: ERC1271,
    functionName: 'isValidSignature',
    args: [hashMessage(text), signature],
  });
  const result = await deps.data.run('onchain.call', { to: address, data, fresh: true });
  if (result.status !== 'LIVE' && result.status !== 'CACHED') {
    if (reverted(result)) return false;
    throw cannotCheck(result);
  }
  const output = returned(result);
  if (!output || output === '0x') return false;
  try {
    return decodeFunctionResult({ abi: ERC1271, functionName: 'isValidSignature', data: output }) === MAGIC;
  } catch {
    return false;
  }
}

/** Throws PASS_REFUSED (path `signature`) unless `address` signed `text`. */
export async function verifySigner(
  deps: Pick<AiDeps, 'data'>,
  text: string,
  address: `0x${string}`,
  signature: Hex,
): Promise<void> {
  if (isErc6492Signature(signature)) {
    const inner = parseErc6492Signature(signature).signature;
    if (!(await hasCode(deps, address)))
      throw refused(
        'signature',
        `The wallet ${address} is not deployed yet; deploy it (make one transaction with it) and sign again.`,
      );
    if (await validFor1271(deps, address, text, inner)) return;
    throw notSigned(address);
  }
  try {
    const recovered = await recoverMessageAddress({ message: text, signature });
    if (isAddressEqual(recovered, address)) return;
  } catch {
    // Not a recoverable ECDSA signature: it may still be a contract wallet's.
  }
  if (await validFor1271(deps, address, text, signature)) return;
  throw notSigned(address);
}

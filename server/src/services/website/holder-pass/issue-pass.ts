// Issuing a holder pass (docs/public-api.md, "Holder pass"): the message's text checks
// (check-message.ts), then the nonce is taken (once: a replay fails even with a new signature),
// then the signer is verified (verify-signer.ts), then the project-token balance is read fresh;
// at least HOLDER_PASS_THRESHOLD whole tokens gets a pass (pass-token.ts). Nothing is kept but
// the nonce's deletion: not the address, the message, the signature or the pass.
import { RegistryError, type HolderPassAnswer, type HolderPassInput } from '@pkg/shared';
import type { Hex } from 'viem';
import type { AiDeps } from '../ai/ai-deps.js';
import { checkMessage } from './check-message.js';
import { projectTokenOf, readHolderBalance } from './holder-balance.js';
import { consumeNonce } from './nonce.js';
import { signPass } from './pass-token.js';
import { verifySigner } from './verify-signer.js';

export async function issuePass(
  deps: AiDeps,
  input: HolderPassInput,
  siteOrigin: string,
): Promise<HolderPassAnswer> {
  projectTokenOf(deps);
  const signIn = checkMessage(input.message, siteOrigin, deps.clock());
  await consumeNonce(deps, signIn.nonce);
  await verifySigner(deps, input.message, signIn.address, input.signature as Hex);
  const balance = await readHolderBalance(deps, signIn.address);
  if (!balance.ok)
    throw new RegistryError(
      'UPSTREAM_FAILED',
      `The project-token balance could not be read (${balance.reason}); sign in again later.`,
    );
  const threshold = deps.threshold.toString();
  if (!balance.isHolder)
    throw new RegistryError(
      'BELOW_THRESHOLD',
      `The wallet holds ${balance.amount} project tokens; a holder pass needs at least ${threshold}.`,
    );
  const { pass, expiresAt } = await signPass(deps, signIn.address);
  return {
    pass,
    address: signIn.address,
    expiresAt: expiresAt.toISOString(),
    balance: balance.amount,
    threshold,
  };
}

// Holder access on /ask (docs/website.md, "Ask"): sign in with a browser wallet to get a holder
// pass (lib/holder-pass.ts), see the stored pass and forget it. Every refusal is said in plain
// words with the server's or the wallet's own message.
import { useState } from 'react';
import { ASK_LIMITS, HOLDER_PASS } from '@pkg/shared/contract';
import { formatDate, shortAddress } from '../../lib/format';
import { dropPass, usePass, type PassDrop } from '../../lib/holder-pass';
import { browserWallet, connectHolder, WalletError, type ConnectStep } from '../../lib/holder-sign-in';
import { trpcClient } from '../../lib/trpc';
import { aiError } from './ai-error';

const STEP_TEXT: Record<ConnectStep, string> = {
  account: 'Asking the wallet for its account…',
  sign: 'Waiting for your signature in the wallet…',
  verify: 'Checking the signature and the wallet’s balance…',
};

const DROP_TEXT: Record<PassDrop, string> = {
  expired: 'Your holder pass expired and was removed from this browser.',
  refused:
    'The server refused your holder pass (expired, altered or signed with another key), so it was removed from this browser. Connect again for a new one.',
  forgotten: 'The holder pass was removed from this browser.',
};

function failureText(error: unknown): string {
  if (error instanceof WalletError)
    return error.code === 4001
      ? 'You rejected the request in the wallet, so nothing was signed.'
      : `The wallet could not sign in: ${error.message}`;
  const { code, message } = aiError(error);
  switch (code) {
    case 'BELOW_THRESHOLD':
      return `No holder pass: the wallet holds too few tokens. ${message}`;
    case 'PASS_REFUSED':
      return `The server refused the signed message. ${message}`;
    default:
      return `Could not get a holder pass${code ? ` (${code})` : ''}: ${message}`;
  }
}

const api = {
  nonce: () => trpcClient.holderPass.nonce.mutate(),
  create: (input: { message: string; signature: string }) => trpcClient.holderPass.create.mutate(input),
};

export function ConnectWallet() {
  const { pass, dropped } = usePass();
  const [step, setStep] = useState<ConnectStep | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const wallet = browserWallet();

  async function connect() {
    if (!wallet) return;
    setFailure(undefined);
    try {
      await connectHolder(wallet, api, HOLDER_PASS, setStep);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setStep(undefined);
    }
  }

  return (
    <section className="panel holder-access" aria-labelledby="holder-heading" data-testid="holder-access">
      <h2 id="holder-heading">Holder access</h2>
      {pass ? (
        <>
          <p data-testid="holder-pass">
            Holder pass for <code title={pass.address}>{shortAddress(pass.address)}</code>, valid until{' '}
            <time dateTime={pass.expiresAt}>{formatDate(pass.expiresAt)}</time>.
          </p>
          <button type="button" onClick={() => dropPass('forgotten')}>
            Forget pass
          </button>
        </>
      ) : (
        <>
          <p>
            A wallet holding enough of the project token asks {ASK_LIMITS.holderPerDay} questions a day
            instead of {ASK_LIMITS.visitorPerDay}. The pass is kept in this browser only, for 24 hours.
          </p>
          {wallet ? (
            <>
              <p>You will sign a message. No transaction, no gas, no approval.</p>
              <button type="button" onClick={() => void connect()} disabled={step !== undefined}>
                Connect wallet
              </button>
            </>
          ) : (
            <p data-testid="no-wallet">
              Holder access needs a browser wallet (an Ethereum wallet extension).
            </p>
          )}
        </>
      )}
      {step ? (
        <p role="status" data-testid="connect-step">
          {STEP_TEXT[step]}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="reason reason-error" data-testid="connect-error">
          {failure}
        </p>
      ) : null}
      {!pass && dropped ? (
        <p role="status" className="note" data-testid="pass-dropped">
          {DROP_TEXT[dropped]}
        </p>
      ) : null}
    </section>
  );
}

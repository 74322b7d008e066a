// The whale alerts (docs/bots.md, "Alerts (Telegram)"): the project token's swaps since the check's cursor
// (at most MAX_BACK blocks back), valued in USD as the swap's quote amount × the quote token's USD
// price (market.tokenPrice; `native` for ETH). Each chat gets one message listing its new trades
// of at least its level, from its alert's block on; each trade is claimed per chat first
// (`txHash:logIndex`), so a trade is announced once even when two checks read its block.
import {
  parseDecimal,
  multiplyDecimals,
  readSwapsBetween,
  type ProjectTokenSwap,
  type SwapsBetween,
} from '@pkg/shared/data';
import type { BotDeps } from '../bot-deps.js';
import { served, whyNot } from '../../website/index.js';
import { chatOf, setSinceBlock, type StoredAlert } from './alert-store.js';
import { announce } from './announce.js';
import {
  compareDecimals,
  groupDigits,
  openBlockWindow,
  shortHex,
  usd,
  type CheckReport,
} from './check-common.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const MAX_LINES = 10;

const eventKey = (s: { txHash: string; logIndex: number }) => `${s.txHash}:${s.logIndex}`;

/** The quote token's USD price, or undefined (then no trade can be valued). */
async function quoteUsd(deps: BotDeps, quote: SwapsBetween['quoteToken']): Promise<string | undefined> {
  const isNative = quote.address.toLowerCase() === ZERO;
  const answer = await deps.data.market.tokenPrice({ address: isNative ? 'native' : quote.address });
  if (!served(answer)) return undefined;
  const sent = (answer.data as { priceUsd?: unknown }).priceUsd;
  return typeof sent === 'string' && parseDecimal(sent) ? sent : undefined;
}

function tradeLine(swap: ProjectTokenSwap, value: string, read: SwapsBetween): string {
  const project = read.projectToken.symbol ?? 'tokens';
  const quote = read.quoteToken.symbol ?? shortHex(read.quoteToken.address);
  const verb = swap.side === 'buy' ? 'bought' : 'sold';
  return `${verb} ${groupDigits(swap.projectAmount)} ${project} for ${groupDigits(swap.quoteAmount)} ${quote} (${usd(value)}) — block ${swap.blockNumber}, tx ${shortHex(swap.txHash)}`;
}

export async function whaleCheck(deps: BotDeps, cursor: { nextBlock: string | null }): Promise<CheckReport> {
  const opened = await openBlockWindow(deps, cursor, 'whales');
  if (opened.done) return opened.done;
  const { run, alerts, from, to, window } = opened;
  const read = await readSwapsBetween(
    run,
    deps.projectToken,
    { fromBlock: from, toBlock: to },
    {
      now: () => deps.clock().getTime(),
    },
  );
  if (!read.ok) throw new Error(`swaps: ${whyNot(read.result)}`);
  const swaps = read.value.swaps;
  const price = swaps.length > 0 ? await quoteUsd(deps, read.value.quoteToken) : undefined;
  if (swaps.length > 0 && price === undefined)
    deps.log.warn({ quote: read.value.quoteToken.address }, 'bot whales: the quote token has no USD price');
  const usdPrice = price !== undefined ? parseDecimal(price) : undefined;
  const valued: { swap: ProjectTokenSwap; value: string }[] = [];
  for (const swap of swaps) {
    const amount = parseDecimal(swap.quoteAmount);
    if (usdPrice && amount) valued.push({ swap, value: multiplyDecimals(amount, usdPrice) });
  }

  const byChat = new Map<string, StoredAlert[]>();
  for (const alert of alerts) {
    if (alert.sinceBlock === null) {
      // /whales on could not read the head: this check's head is where the alert starts.
      await setSinceBlock(deps.models, alert.id, (to + 1n).toString());
      continue;
    }
    byChat.set(alert.chat, [...(byChat.get(alert.chat) ?? []), alert]);
  }
  let sent = 0;
  let skipped = price === undefined ? swaps.length : 0;
  let retryFrom: bigint | undefined;
  for (const chatAlerts of byChat.values()) {
    const wanted = valued.filter(({ swap, value }) =>
      chatAlerts.some(
        (a) =>
          BigInt(swap.blockNumber) >= BigInt(a.sinceBlock ?? '0') &&
          compareDecimals(value, a.params.usdMin ?? '0') >= 0,
      ),
    );
    if (wanted.length === 0) continue;
    const first = chatAlerts[0] as StoredAlert;
    const { outcome, claimed } = await announce(
      deps,
      chatOf(first),
      'whales',
      wanted.map((w) => eventKey(w.swap)),
      (keys) => {
        const lines = wanted.filter((w) => keys.includes(eventKey(w.swap)));
        const shown = lines.slice(0, MAX_LINES).map((w) => tradeLine(w.swap, w.value, read.value));
        const more = lines.length > MAX_LINES ? [`+${lines.length - MAX_LINES} more`] : [];
        const min = chatAlerts.map((a) => a.params.usdMin ?? '0').sort(compareDecimals)[0] ?? '0';
        return [`Whale trades (at least ${usd(min)}):`, ...shown, ...more].join('\n');
      },
    );
    if (outcome === 'sent') sent += claimed.length;
    else if (outcome === 'failed') {
      skipped += claimed.length;
      const earliest = wanted.find((w) => claimed.includes(eventKey(w.swap)));
      if (earliest) {
        const b = BigInt(earliest.swap.blockNumber);
        retryFrom = retryFrom === undefined || b < retryFrom ? b : retryFrom;
      }
    }
  }
  return { ...window, sent, skipped, nextBlock: (retryFrom ?? to + 1n).toString() };
}

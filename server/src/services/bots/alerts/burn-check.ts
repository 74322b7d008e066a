// The burn alerts (docs/bots.md, "Alerts (Telegram)"): the project token's transfers to its burn addresses
// since the check's cursor (at most MAX_BACK blocks back); each chat with `/burns on` gets one
// message listing its new burns, each claimed per chat first (`txHash:logIndex`).
import { readBurns, type ProjectTokenBurn } from '@pkg/shared/data';
import type { BotDeps } from '../bot-deps.js';
import { whyNot } from '../../website/index.js';
import { chatOf, setSinceBlock, type StoredAlert } from './alert-store.js';
import { announce } from './announce.js';
import { groupDigits, openBlockWindow, shortHex, type CheckReport } from './check-common.js';

const MAX_LINES = 10;
const eventKey = (b: ProjectTokenBurn) => `${b.txHash}:${b.logIndex}`;

export async function burnCheck(deps: BotDeps, cursor: { nextBlock: string | null }): Promise<CheckReport> {
  const opened = await openBlockWindow(deps, cursor, 'burns');
  if (opened.done) return opened.done;
  const { run, alerts, from, to, window } = opened;
  const read = await readBurns(
    run,
    deps.projectToken,
    { fromBlock: from, toBlock: to },
    {
      now: () => deps.clock().getTime(),
    },
  );
  if (!read.ok) throw new Error(`burns: ${whyNot(read.result)}`);
  const symbol = read.value.symbol ?? 'tokens';
  const byChat = new Map<string, StoredAlert>();
  for (const alert of alerts) {
    if (alert.sinceBlock === null) {
      await setSinceBlock(deps.models, alert.id, (to + 1n).toString());
      continue;
    }
    const known = byChat.get(alert.chat);
    if (!known || BigInt(alert.sinceBlock) < BigInt(known.sinceBlock ?? '0')) byChat.set(alert.chat, alert);
  }
  let sent = 0;
  let skipped = 0;
  let retryFrom: bigint | undefined;
  for (const alert of byChat.values()) {
    const wanted = read.value.burns.filter((b) => BigInt(b.blockNumber) >= BigInt(alert.sinceBlock ?? '0'));
    if (wanted.length === 0) continue;
    const { outcome, claimed } = await announce(
      deps,
      chatOf(alert),
      'burns',
      wanted.map(eventKey),
      (keys) => {
        const lines = wanted.filter((b) => keys.includes(eventKey(b)));
        const shown = lines
          .slice(0, MAX_LINES)
          .map(
            (b) =>
              `${groupDigits(b.amount)} ${symbol} burned (sent to ${shortHex(b.to)}) — block ${b.blockNumber}, tx ${shortHex(b.txHash)}`,
          );
        const more = lines.length > MAX_LINES ? [`+${lines.length - MAX_LINES} more`] : [];
        return ['Burns:', ...shown, ...more].join('\n');
      },
    );
    if (outcome === 'sent') sent += claimed.length;
    else if (outcome === 'failed') {
      skipped += claimed.length;
      const earliest = wanted.find((b) => claimed.includes(eventKey(b)));
      if (earliest) {
        const b = BigInt(earliest.blockNumber);
        retryFrom = retryFrom === undefined || b < retryFrom ? b : retryFrom;
      }
    }
  }
  return { ...window, sent, skipped, nextBlock: (retryFrom ?? to + 1n).toString() };
}

// Bad input to every non-alert command through the Telegram webhook (docs/bots.md, "Commands"):
// missing, malformed and hostile arguments get exactly the command's one usage line, and nothing
// is read or written: no request to any data double, the chain double or the model, no counter,
// no bot_* document.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  telegramUpdate,
  type Doubles,
  type TelegramDouble,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import type { TestServer } from '../helpers/start-test-server.js';
import {
  botFakeClock,
  collectionsSnapshot,
  sendUpdate,
  startBotTestServer,
  upstreamRequests,
  type BotTestServer,
} from '../helpers/bot-test-server.js';

// Shaped like a BotFather token: <bot id>:<35 characters>.
const TOKEN = '7000000001:AAHbadInputTestToken_abcdefghijklm';
const SECRET = 'bad-input-secret';
const { clock } = botFakeClock();

let stack: BotTestServer;
let d: Doubles;
let chain: UniswapPoolsDouble;
let tg: TelegramDouble;
let server: TestServer;

const RLO = '\u202e';
const CASES: [string, string, string][] = [
  // [command, arguments, usage line]
  ['coin', 'now', 'Usage: /coin'],
  ['coin', '<script>', 'Usage: /coin'],
  ['holders', 'all', 'Usage: /holders'],
  ['burned', '__proto__', 'Usage: /burned'],
  ['ca', '0x5555555555555555555555555555555555555555', 'Usage: /ca'],
  ['tvl', 'eth', 'Usage: /tvl'],
  ['perps', 'BTC', 'Usage: /perps'],
  ['stocks', 'SPY', 'Usage: /stocks'],
  ['odds', 'fed', 'Usage: /odds'],
  ['new', '5', 'Usage: /new'],
  ['stock', '', 'Usage: /stock <SYMBOL>'],
  ['stock', '../../etc', 'Usage: /stock <SYMBOL>'],
  ['stock', 'AAPL;DROP', 'Usage: /stock <SYMBOL>'],
  ['stock', 'AAPL MSFT', 'Usage: /stock <SYMBOL>'],
  ['stock', 'A'.repeat(600), 'Usage: /stock <SYMBOL>'],
  ['stock', `SPY${RLO}`, 'Usage: /stock <SYMBOL>'],
  ['stock', '$SPY', 'Usage: /stock <SYMBOL>'],
  ['filings', '', 'Usage: /filings <SYMBOL>'],
  ['filings', '__proto__', 'Usage: /filings <SYMBOL>'],
  ['filings', 'constructor', 'Usage: /filings <SYMBOL>'],
  ['filings', 'AAPL\u0000', 'Usage: /filings <SYMBOL>'],
  ['filings', '%41APL', 'Usage: /filings <SYMBOL>'],
  ['check', '', 'Usage: /check 0x<address>'],
  ['check', '0x123', 'Usage: /check 0x<address>'],
  ['check', `0x${'Z'.repeat(40)}`, 'Usage: /check 0x<address>'],
  ['check', `0x${'a'.repeat(41)}`, 'Usage: /check 0x<address>'],
  ['check', `0x${'a'.repeat(40)} extra`, 'Usage: /check 0x<address>'],
  ['check', `${RLO}0x${'a'.repeat(40)}`, 'Usage: /check 0x<address>'],
  ['wallet', '', 'Usage: /wallet 0x<address>'],
  ['wallet', '<script>', 'Usage: /wallet 0x<address>'],
  ['wallet', 'vitalik.eth', 'Usage: /wallet 0x<address>'],
  ['wallet', `0x${'g'.repeat(40)}`, 'Usage: /wallet 0x<address>'],
  ['ask', '', 'Usage: /ask <question>'],
  ['ask', '   ', 'Usage: /ask <question>'],
  ['ask', 'x'.repeat(501), 'Usage: /ask <question>'],
  ['ask', 'what is \u0000 this', 'Usage: /ask <question>'],
  ['ask', `price of ${RLO}GKP`, 'Usage: /ask <question>'],
];

async function snapshot() {
  return {
    collections: await collectionsSnapshot(server, [
      'counters',
      'bot_alerts',
      'bot_announced',
      'bot_updates',
      'bot_cursors',
      'bot_leases',
    ]),
    requests: upstreamRequests({ d, chain }),
    chainCalls: chain.calls.length,
    modelCalls: d.openrouter.calls.length,
    telegram: tg.calls.length,
  };
}

beforeAll(async () => {
  stack = await startBotTestServer({ token: TOKEN, secret: SECRET, clock, model: true });
  ({ d, chain, tg, server } = stack);
});

afterAll(async () => {
  await stack.close();
});

describe('bad input to the non-alert commands', () => {
  test.each(CASES)('/%s %j → the usage line, nothing read or written', async (name, args, usage) => {
    const before = await snapshot();
    const text = args === '' ? `/${name}` : `/${name} ${args}`;
    const reply = (await sendUpdate(
      server.url,
      SECRET,
      telegramUpdate({ chat: { id: 2024, type: 'private' }, from: { id: 1, first_name: 'Ada' }, text }),
    )) as unknown as { method: string; text: string };
    expect(reply.method).toBe('sendMessage');
    expect(reply.text).toBe(usage);
    expect(reply.text.split('\n')).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
  });
});

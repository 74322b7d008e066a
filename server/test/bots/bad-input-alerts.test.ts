// Bad input to every alert command (docs/bots.md, "Alerts"): missing, malformed and hostile
// arguments get exactly the command's one usage line, and nothing changes: no alert stored or
// removed, nothing announced, no request to any data double or to Telegram.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Doubles, TelegramDouble, UniswapPoolsDouble } from '@pkg/shared/testing';
import { botDeps } from '../../src/wing-deps.js';
import { runAlertCommand } from '../../src/services/bots/commands/alert-commands.js';
import type { ChatRef } from '../../src/services/bots/types.js';
import {
  botFakeClock,
  startBotTestServer,
  upstreamRequests,
  type BotTestServer,
} from '../helpers/bot-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

const TOKEN = '7000000001:AAE-bad_input_token_0123456789';
const CHAT: ChatRef = { platform: 'telegram', chat: 'telegram:1001', chatId: '1001', kind: 'private' };
const { clock } = botFakeClock();

let stack: BotTestServer;
let d: Doubles;
let chain: UniswapPoolsDouble;
let tg: TelegramDouble;
let server: TestServer;

const USAGE = {
  alert: 'Usage: /alert above|below <price> [USD|<quote symbol>]',
  whales: 'Usage: /whales on <usd_min>',
  burns: 'Usage: /burns on',
  radar: 'Usage: /radar on <usd_liquidity_min>',
  alerts: 'Usage: /alerts',
  alertoff: 'Usage: /alertoff <n>|all',
} as const;

const RLO = '\u202e';
const CASES: [keyof typeof USAGE, string][] = [
  ['alert', ''],
  ['alert', 'above'],
  ['alert', '0.02'],
  ['alert', 'above -1'],
  ['alert', 'above 0'],
  ['alert', 'above 0.000'],
  ['alert', 'above 1e309'],
  ['alert', 'above 1e3'],
  ['alert', 'above NaN'],
  ['alert', 'above Infinity'],
  ['alert', 'above 1,5'],
  ['alert', 'above +1'],
  ['alert', 'above 0x10'],
  ['alert', 'above 1.'],
  ['alert', 'above .5'],
  ['alert', `above ${'9'.repeat(16)}`],
  ['alert', `above 1.${'1'.repeat(19)}`],
  ['alert', 'above 1 2'],
  ['alert', 'sideways 1'],
  ['alert', '__proto__ 1'],
  ['alert', `above ${RLO}1`],
  ['alert', 'above 1\u0000'],
  ['alert', `above ${'1'.repeat(600)}`],
  // Units: malformed ones are refused before anything is read.
  ['alert', 'above 1 __proto__'],
  ['alert', 'above 1 <script>'],
  ['alert', `above 1 ${RLO}ETH`],
  ['alert', 'above 1 ETH\u0000'],
  ['alert', 'above 1 USD USD'],
  ['alert', 'above $1 USD'],
  ['alert', 'above $1 ETH'],
  ['alert', 'above $$1'],
  ['alert', 'above 1$'],
  ['alert', 'above $ 1'],
  ['alert', 'above 1 $$'],
  ['alert', 'above 1 ..'],
  ['alert', `above 1 ${'A'.repeat(43)}`],
  ['alert', 'above 1 €'],
  ['whales', ''],
  ['whales', 'on'],
  ['whales', 'on abc'],
  ['whales', 'on -5'],
  ['whales', 'on 0'],
  ['whales', 'off'],
  ['whales', 'maybe 100'],
  ['whales', 'on 100 200'],
  ['whales', 'on <script>'],
  ['burns', 'off'],
  ['burns', ''],
  ['burns', 'on now'],
  ['burns', 'constructor'],
  ['radar', ''],
  ['radar', 'on'],
  ['radar', 'on 0'],
  ['radar', 'on -1'],
  ['radar', 'on 1e6'],
  ['radar', 'off'],
  ['alerts', 'all'],
  ['alerts', '../../etc/passwd'],
  ['alertoff', ''],
  ['alertoff', '0'],
  ['alertoff', '11'],
  ['alertoff', '-1'],
  ['alertoff', '1.5'],
  ['alertoff', 'x'],
  ['alertoff', 'ALL'],
  ['alertoff', 'all 1'],
  ['alertoff', '01'],
  ['alertoff', `1${RLO}`],
];

const requests = () => upstreamRequests({ d, chain, tg });

async function snapshot() {
  const m = server.deps.models;
  return {
    alerts: await m.BotAlert.find({}).sort({ _id: 1 }).lean(),
    announced: await m.BotAnnouncement.find({}).sort({ _id: 1 }).lean(),
    requests: requests(),
    chainCalls: chain.calls.length,
    telegram: tg.calls.length,
  };
}

beforeAll(async () => {
  stack = await startBotTestServer({ token: TOKEN, secret: 'bad-input-secret', clock });
  ({ d, chain, tg, server } = stack);
  await server.deps.models.BotAlert.deleteMany({});
  // Existing alerts that bad input must leave as they are.
  const deps = botDeps(server.deps, { clock });
  for (const args of ['above 100', 'above 0.02 ETH'])
    expect(
      (await runAlertCommand(deps, { name: 'alert', args, chat: CHAT, user: { name: 'Ada' } })).text,
    ).toMatch(/^Alert \d set/);
  await runAlertCommand(deps, { name: 'burns', args: 'on', chat: CHAT, user: { name: 'Ada' } });
});

afterAll(async () => {
  await stack.close();
});

describe('bad input to the alert commands', () => {
  test.each(CASES)('/%s %j → the usage line, nothing changed', async (name, args) => {
    const before = await snapshot();
    const reply = await runAlertCommand(botDeps(server.deps, { clock }), {
      name,
      args,
      chat: CHAT,
      user: { name: 'Ada' },
    });
    expect(reply.text).toBe(USAGE[name]);
    expect(reply.text.split('\n')).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
    expect(before.alerts).toHaveLength(3);
  });
});
